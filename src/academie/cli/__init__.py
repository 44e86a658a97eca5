"""The command line (typer + rich): ``games``, ``play``, ``simulate``, ``replay``."""
