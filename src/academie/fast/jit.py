"""numba's ``njit`` and ``prange`` for the compiled kernels, or stand-ins when the optional extra
``academie[fast]`` is not installed: the kernels' modules still import (their functions stay
plain Python) and :func:`academie.fast.available` is False."""

from __future__ import annotations

try:
    from numba import njit, prange
except ImportError:  # without the extra
    prange = range

    def njit(*args, **kwargs):  # type: ignore[no-redef]
        """``njit(...)`` as a decorator that leaves the function as it is."""
        return lambda f: f

__all__ = ["njit", "prange"]
