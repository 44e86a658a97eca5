"""The commits of a crowd: the actions of many tables waiting at once are stored in one transaction
(group commit), each acknowledged only once it is; on PostgreSQL a process applies what another's
``NOTIFY`` told without reading the database, and reads it when it may have missed an action."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy import event

from academie.web.hub import Hub
from academie.web.live import Watcher
from academie.web.store import DuplicateAction, Store


def humans(hub: Hub, count: int, game: str = "guimbarde") -> list:
    return [hub.create(game, 3, {}, [("A", "human"), ("B", "human"), ("C", "human")], seed=k) for k in range(count)]


def counting_commits(store: Store) -> list[int]:
    commits = [0]

    @event.listens_for(store.engine, "commit")
    def _count(conn) -> None:
        commits[0] += 1

    return commits


def counting_reads(store: Store) -> list[int]:
    """Count the catching-up reads of ``store`` (:meth:`Store.actions_since`)."""
    reads = [0]
    read = store.actions_since

    def counted(*args):
        reads[0] += 1
        return read(*args)

    store.actions_since = counted
    return reads


def test_the_moves_of_many_tables_at_once_share_their_commits(sqlite_url):
    store = Store(sqlite_url)
    hub = Hub(store, bot_delay=0)
    tables = humans(hub, 20)
    commits = counting_commits(store)

    async def everyone_moves() -> list[int]:
        return await asyncio.gather(*(t.act(t.state.current_player(), t.state.legal_action_strings()[0], 0)
                                      for t in tables))

    assert asyncio.run(everyone_moves()) == [1] * 20
    # every acknowledged action is stored, and the twenty were committed together
    assert [store.count_actions(t.id) for t in tables] == [1] * 20
    assert [store.actions_since(t.id, 0) for t in tables] == [t.record.actions for t in tables]
    assert commits[0] <= 2, f"{commits[0]} transactions for 20 actions waiting at once"
    assert store.committer.committed == 20
    store.dispose()


def test_an_action_already_stored_is_refused_and_the_rest_of_its_batch_committed(sqlite_url):
    store = Store(sqlite_url)
    hub = Hub(store, bot_delay=0)
    a, b, c = humans(hub, 3)
    store.append_action(a.id, 0, "stored before")

    async def batch() -> list:
        return await asyncio.gather(store.committer.append(a.id, 0, "mine"), store.committer.append(b.id, 0, "x"),
                                    store.committer.append(c.id, 0, "y", True, None), return_exceptions=True)

    first, second, third = asyncio.run(batch())
    assert isinstance(first, DuplicateAction) and second is None and third is None
    assert store.actions_since(a.id, 0) == ["stored before"]
    assert store.actions_since(b.id, 0) == ["x"] and store.actions_since(c.id, 0) == ["y"]
    assert store.load_table(c.id).complete and not store.load_table(b.id).complete
    store.dispose()


def test_a_notification_is_read_for_its_actions_and_an_older_one_for_its_table():
    from academie.web.store import Heard, read_notification

    assert read_notification("T1 4 other 7♥ de cœur", "me") == [Heard("T1", 4, "7♥ de cœur")]
    assert read_notification("T1 4 me 7♥", "me") == []  # this process's own
    assert read_notification("T1 4", "me") == [Heard("T1", -1, "")]  # an older server's: read the table
    assert read_notification("", "me") == []


def test_a_gap_in_what_was_heard_is_read_from_the_database(sqlite_url):
    """A copy that heard move 2 but not moves 0 and 1 reads them (in order, each announced)."""
    from academie.web.store import Heard

    store = Store(sqlite_url)
    hub = Hub(store, bot_delay=0)
    (table,) = humans(hub, 1)
    table.shared, table.listening, table.behind = True, lambda: True, False
    watcher = Watcher(None)
    table.watchers.add(watcher)
    other = table.state.clone()
    played = []
    for idx in range(3):
        notation = other.legal_action_strings()[0]
        other.apply_action(other.string_to_action(notation))
        store.append_action(table.id, idx, notation)
        played.append(notation)
    reads = counting_reads(store)
    assert table.hear(Heard(table.id, 2, played[2]))
    assert asyncio.run(table.sync(read=False)) == 3
    assert reads[0] == 1 and table.version == 3 and table.record.actions == played
    versions = []
    while not watcher.queue.empty():
        versions.append(json.loads(watcher.queue.get_nowait())["version"])
    assert versions == [1, 2, 3]
    assert not table.hear(Heard(table.id, 1, played[1]))  # already applied: nothing to do
    store.dispose()


def test_a_process_applies_what_another_notified_without_reading(postgres_server):
    """Two processes' hubs on one PostgreSQL: the moves one commits reach the other's watchers by
    its NOTIFY alone (no catching-up read), each once and in order; a person's move on a copy
    that heard everything reads nothing first either."""
    url = postgres_server()

    async def go() -> None:
        store_a, store_b = Store(url), Store(url)
        hub_a, hub_b = Hub(store_a, bot_delay=0), Hub(store_b, bot_delay=0)
        await hub_b.start()
        try:
            await asyncio.wait_for(hub_b.listening.wait(), 10)
            (table_a,) = humans(hub_a, 1)
            table_b = await hub_b.table(table_a.id)
            await table_b.sync()  # read once, while listening: nothing can be missed from here on
            watcher = Watcher(None)
            table_b.watchers.add(watcher)
            reads = counting_reads(store_b)
            for version in range(3):
                await table_a.act(table_a.state.current_player(), table_a.state.legal_action_strings()[0], version)
            for _ in range(200):
                if table_b.version == 3:
                    break
                await asyncio.sleep(0.02)
            assert table_b.version == 3 and table_b.record.actions == table_a.record.actions
            versions = []
            while not watcher.queue.empty():
                versions.append(json.loads(watcher.queue.get_nowait())["version"])
            assert versions == [1, 2, 3]
            assert reads[0] == 0, f"{reads[0]} catching-up reads for 3 moves notified"
            # a person's move where the copy heard everything: no read first; the other process hears it
            await table_b.act(table_b.state.current_player(), table_b.state.legal_action_strings()[0], 3)
            assert reads[0] == 0
            assert store_a.actions_since(table_a.id, 0) == table_b.record.actions
        finally:
            await hub_b.stop()
            store_a.dispose()
            store_b.dispose()

    asyncio.run(go())


def test_a_process_that_was_refused_a_lease_does_not_ask_again_at_every_move(sqlite_url):
    """Two processes' hubs on one database: the one that does not hold a table's lease asks for it
    once, not again at each of the table's moves (each ask a transaction), until the holder's
    lease could have run out."""
    store_a, store_b = Store(sqlite_url), Store(sqlite_url)
    hub_a, hub_b = Hub(store_a, bot_delay=0), Hub(store_b, bot_delay=0)
    table_a = hub_a.create("guimbarde", 3, {}, [("A", "human"), ("B", "human"), ("C", "random")], seed=1)

    async def go() -> int:
        hub_a.may_run_bots(table_a)
        for _ in range(100):
            if table_a.id in hub_a.held:
                break
            await asyncio.sleep(0.01)
        assert table_a.id in hub_a.held
        asks = [0]
        claim = store_b.claim

        def counted(*args):
            asks[0] += 1
            return claim(*args)

        store_b.claim = counted
        table_b = await hub_b.table(table_a.id)
        for _ in range(10):  # ten moves heard in B: each wakes the bots, which ask whether B may run them
            assert not hub_b.may_run_bots(table_b)
            await asyncio.sleep(0.02)
        await asyncio.gather(*hub_b._pending, return_exceptions=True)
        await asyncio.gather(*hub_a._pending, return_exceptions=True)
        return asks[0]

    assert asyncio.run(go()) == 1
    assert table_a.id not in hub_b.held
    store_a.dispose()
    store_b.dispose()
