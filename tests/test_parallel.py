"""simulate on every core and on a Ray cluster: the same report for every number of workers and
every backend, Ctrl-C in a pool, and clear errors for a backend that cannot run."""

from __future__ import annotations

import importlib.util
import json
import os
import select
import signal
import subprocess
import sys
import time
from functools import partial

import pytest
from typer.testing import CliRunner

from academie import fast
from academie.analysis import parallel
from academie.analysis import simulate as simulate_module
from academie.analysis.parallel import BackendError, check_backend, map_chunks, map_matches, square_all
from academie.analysis.simulate import POOL_MIN, SimulationInterrupted, simulate
from academie.cli.app import app
from academie.games import get_game

runner = CliRunner()
HEURISTIC = ["heuristic", "random", "random"]


def fails_on_seven(chunk: list[int]) -> list[int]:
    if 7 in chunk:
        raise ValueError("seven")
    return chunk


# --- the pool -------------------------------------------------------------------------------
@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("size", [1, 3, 50])
def test_outcomes_come_back_in_task_order(workers: int, size: int) -> None:
    drawn = []

    def tasks():
        for x in range(40):
            drawn.append(x)
            yield x

    with map_matches(square_all, tasks(), workers=workers, chunk_size=size) as outcomes:
        first = next(outcomes)
        # tasks are drawn lazily: a few chunks per worker ahead, not all at once
        assert len(drawn) <= min(40, (workers * parallel.IN_FLIGHT + 1) * size)
        assert [first, *outcomes] == [x * x for x in range(40)]


@pytest.mark.parametrize("workers", [1, 2])
def test_chunk_results_come_back_in_chunk_order(workers: int) -> None:
    with map_chunks(sum, range(100), workers=workers, chunk_size=7) as sums:
        assert list(sums) == [sum(range(i, min(i + 7, 100))) for i in range(0, 100, 7)]


def test_an_error_in_a_worker_comes_back_to_the_caller() -> None:
    with map_matches(fails_on_seven, range(20), workers=2, chunk_size=4) as outcomes:
        assert [next(outcomes) for _ in range(4)] == [0, 1, 2, 3]
        with pytest.raises(ValueError, match="seven"):
            list(outcomes)


def test_the_pool_stops_its_workers_when_closed() -> None:
    with map_matches(square_all, range(10_000), workers=2, chunk_size=10) as outcomes:
        next(outcomes)
        pool = outcomes.pool
        processes = list(pool._pool)
    assert outcomes.closed and all(not p.is_alive() for p in processes)
    assert list(outcomes) == []  # closed: nothing more is read


# --- the same report for every number of workers --------------------------------------------
def test_simulate_gives_the_same_report_for_every_number_of_workers() -> None:
    game = get_game("trente-et-un")
    matches = POOL_MIN + 16
    one = simulate(game, HEURISTIC, matches, seed=12).to_json()
    assert one["matches"] == matches and one["seats"][0]["wins"] > 0
    for workers in (2, 3, None):  # None: every core
        assert simulate(game, HEURISTIC, matches, seed=12, workers=workers).to_json() == one
    # and the seeds are still those of one random.Random(seed) drawn match by match
    assert simulate(game, HEURISTIC, 5, seed=12).to_json()["seats"] != one["seats"]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_seed_gives_the_report_it_gave_before_the_pool(workers: int) -> None:
    """Figures printed by simulate on one process before it had workers (seed 12, 70 matches;
    the returns taken again when the pool stopped being refreshed after a match's last deal)."""
    report = simulate(get_game("reversis"), ["heuristic", "random", "random", "random"], 70, seed=12,
                      workers=workers).to_json()
    assert [s["wins"] for s in report["seats"]] == [58, 1, 2, 1] and report["no_winner"] == 8
    assert report["means"]["quinola_renounced"] == pytest.approx(2.5142857142857142, abs=0)
    assert report["means"]["pool_won"] == pytest.approx(0.5142857142857142, abs=0)
    assert [round(r["mean"], 6) for r in report["seat_returns"]] == [35.8, -37.614286, -31.442857, -36.8]
    assert report["bot_figures"]["heuristic"]["talon_won"] == pytest.approx(4.557142857142857, abs=0)
    assert report["bot_figures"]["random"]["quinola_bete"] == pytest.approx(1.6095238095238096, abs=0)


def test_simulate_with_workers_keeps_the_reports_of_a_single_process(monkeypatch) -> None:
    """The matches a pool plays are the ones one process plays, match by match: a report over
    the first k matches is a prefix run's report."""
    game = get_game("belle-flux-trente-un")
    seen: list[int] = []

    def stop_at(k: int) -> None:
        seen.append(k)
        if k >= 40:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stopped:
        simulate(game, ["heuristic", "random", "random"], 400, seed=3, progress=stop_at, workers=2)
    partial_report = stopped.value.report
    assert partial_report.partial and partial_report.requested == 400
    assert 40 <= partial_report.matches < 400
    assert seen[0] == 0 and seen == sorted(seen)
    whole = simulate(game, ["heuristic", "random", "random"], partial_report.matches, seed=3)
    assert partial_report.seats == whole.seats and partial_report.figures == whole.figures
    assert partial_report.seat_returns == whole.seat_returns and partial_report.bot_figures == whole.bot_figures


@pytest.mark.skipif(not fast.available(), reason="academie[fast] not installed")
def test_workers_use_the_compiled_kernel_and_report_the_same(monkeypatch) -> None:
    game = get_game("reversis")
    matches = fast.MIN_MATCHES["reversis"]
    with_kernel = [simulate(game, ["random"] * 4, matches, seed=8, workers=w).to_json() for w in (1, 2)]
    assert with_kernel[0] == with_kernel[1]
    played = []
    real = simulate_module.play_chunk

    def counted(spec, chunk):
        played.append(spec.fast)
        return real(spec, chunk)

    monkeypatch.setattr(simulate_module, "play_chunk", counted)
    simulate(game, ["random"] * 4, matches, seed=8, workers=1)
    assert played and all(played)  # the kernel played them
    monkeypatch.setattr(simulate_module, "play_chunk", real)
    monkeypatch.setattr(fast, "available", lambda: False)  # the pure engine on two workers
    assert simulate(game, ["random"] * 4, matches, seed=8, workers=2).to_json() == with_kernel[0]


def test_the_command_line_report_is_the_same_for_every_number_of_workers() -> None:
    args = ["simulate", "trente-et-un", "--players", "3", "--matches", str(POOL_MIN + 6), "--seed", "5", "--json"]
    outputs = [runner.invoke(app, [*args, "--workers", w]) for w in ("1", "2")]
    assert [r.exit_code for r in outputs] == [0, 0], outputs[0].output
    default = runner.invoke(app, args)
    assert json.loads(outputs[0].stdout) == json.loads(outputs[1].stdout) == json.loads(default.stdout)


def test_ctrl_c_stops_the_workers_and_reports_the_matches_finished_in_order(tmp_path) -> None:
    """A real Ctrl-C (SIGINT to the whole command) during a simulation on two workers: exit 130,
    a partial report equal to a run of that many matches, and no process left behind."""
    bots = "heuristic,random,random,random"
    script = "from academie.cli.entry import main; main()"
    # betes=with_pool: a reading the compiled Reversis does not play, so that the pure engine
    # plays these matches, slowly enough to be stopped in the middle
    command = [sys.executable, "-c", script, "simulate", "reversis", "--bots", bots, "-o", "betes=with_pool",
               "--matches", "200000", "--seed", "4", "--workers", "2", "--json"]
    proc = subprocess.Popen(  # SIGINT as a terminal sends it, even from a shell that ignores it (a background job)
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # the matches have started once the command says how long they will take (on stderr)
        said = b""
        deadline = time.monotonic() + 90
        while b"to go; Ctrl-C stops" not in said and time.monotonic() < deadline and proc.poll() is None:
            if select.select([proc.stderr], [], [], 1.0)[0]:
                said += os.read(proc.stderr.fileno(), 4096)
        assert b"to go; Ctrl-C stops" in said, said
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=180)  # 5 s alone; past 60 s once with the whole suite on two cores
        err = said + err
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err.decode()
    assert b"Traceback" not in err
    data = json.loads(out)
    assert data["partial"] is True and 0 < data["matches"] < 200_000 and data["requested"] == 200_000
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert left == []
    whole = simulate(get_game("reversis"), bots.split(","), data["matches"], seed=4,
                     options={"betes": "with_pool"}).to_json()
    assert {k: v for k, v in data.items() if k not in ("partial", "requested")} == \
        {k: v for k, v in whole.items() if k not in ("partial", "requested")}


# --- errors ---------------------------------------------------------------------------------
def test_a_backend_that_cannot_run_is_refused_before_any_match(monkeypatch) -> None:
    game = get_game("trente-et-un")
    for kwargs, message in (
        ({"workers": 0}, "at least 1, not 0"),
        ({"backend": "mpi"}, "unknown backend 'mpi'; the backends are: local, ray"),
        ({"address": "127.0.0.1:6379"}, "--address names a Ray cluster: it goes with --backend ray"),
        ({"workers": 10_000}, "more processes than cores only share them"),
    ):
        with pytest.raises(BackendError, match=message):
            simulate(game, HEURISTIC, 10, seed=1, **kwargs)
    monkeypatch.setitem(sys.modules, "ray", None)  # Ray not installed
    with pytest.raises(BackendError, match=r"install academie\[ray\]"):
        check_backend("ray")
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "5", "--backend", "ray"])
    assert result.exit_code == 2
    assert "the ray backend needs Ray, which is not installed: install academie[ray]" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["--workers", "0"], "the number of workers must be at least 1, not 0"),
    (["--backend", "spark"], "unknown backend 'spark'"),
    (["--address", "10.1.2.3:6379"], "--address names a Ray cluster: it goes with --backend ray"),
])
def test_the_command_line_refuses_bad_backends(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "blason", "--matches", "5", *args])
    assert result.exit_code == 2 and message in result.output


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="academie[ray] not installed")
def test_a_cluster_that_does_not_answer_is_refused_at_once() -> None:
    start = time.monotonic()
    result = runner.invoke(app, ["simulate", "blason", "--matches", "5", "--backend", "ray", "--address", "127.0.0.1:1"])
    assert result.exit_code == 2
    assert "cannot reach a Ray cluster at 127.0.0.1:1: Connection refused" in result.output
    assert time.monotonic() - start < 30  # Ray alone would retry for minutes
    result = runner.invoke(app, ["simulate", "blason", "--matches", "5", "--backend", "ray", "--address", "head"])
    assert result.exit_code == 2 and "--address must be HOST:PORT" in result.output


# --- Ray ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def ray_instance():
    """A local Ray instance of two CPUs, started once for this module."""
    if os.environ.get("CI"):
        import ray  # CI installs academie[ray]: the test must run there
    else:
        ray = pytest.importorskip("ray")
    # on the loopback address: the test's traffic stays on this machine
    # address "local": a new instance, even where a cluster runs on this machine
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False, _node_ip_address="127.0.0.1")
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_report_as_the_local_backend(ray_instance) -> None:
    game = get_game("trente-et-un")
    matches = POOL_MIN + 8
    reports = [simulate(game, HEURISTIC, matches, seed=21, **kw).to_json()
               for kw in ({"backend": "ray"}, {"workers": 1}, {"workers": 2}, {"backend": "ray", "workers": 1})]
    assert reports[0]["matches"] == matches
    assert all(r == reports[0] for r in reports)
    assert [s["wins"] for s in reports[0]["seats"]] == [s["wins"] for s in reports[1]["seats"]]


def test_ray_on_the_command_line(ray_instance) -> None:
    args = ["simulate", "belle-flux-trente-un", "--players", "3", "--matches", str(POOL_MIN), "--seed", "2", "--json"]
    on_ray = runner.invoke(app, [*args, "--backend", "ray"])
    assert on_ray.exit_code == 0, on_ray.output
    local = runner.invoke(app, [*args, "--workers", "2"])
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)


@pytest.mark.skipif(not fast.available(), reason="academie[fast] not installed")
def test_ray_workers_use_the_compiled_kernel(ray_instance) -> None:
    game = get_game("guimbarde")
    matches = fast.MIN_MATCHES["guimbarde"]
    assert simulate(game, ["random"] * 4, matches, seed=6, backend="ray").to_json() == \
        simulate(game, ["random"] * 4, matches, seed=6, workers=1).to_json()


def test_ray_tasks_come_back_in_order(ray_instance) -> None:
    with map_matches(partial(square_all), range(30), workers=2, backend="ray", chunk_size=4) as outcomes:
        assert list(outcomes) == [x * x for x in range(30)]


def test_ctrl_c_while_an_outcome_is_counted_waits_for_its_end():
    """An interrupt in the middle of a board's tally once left half a board in the partial
    result: inside ``counting`` Ctrl-C is raised when the block ends, outside at once."""
    import signal

    from academie.analysis.parallel import CountingGuard

    # a process started in the background inherits Ctrl-C ignored: the test sets Python's own handler
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _check_counting_guard(CountingGuard, signal)
    finally:
        signal.signal(signal.SIGINT, before)


def _check_counting_guard(CountingGuard, signal) -> None:
    done = []
    with CountingGuard() as guard:
        with pytest.raises(KeyboardInterrupt):
            with guard.counting():
                signal.raise_signal(signal.SIGINT)
                done.append("the rest of the block")  # not cut short
        assert done == ["the rest of the block"]
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
            done.append("never")
        with guard.counting(then_raise=False):  # a second Ctrl-C while the partial report is made
            signal.raise_signal(signal.SIGINT)
            done.append("report made")
    assert done == ["the rest of the block", "report made"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back
