"""Driving a table through the service, as the app's driver and a player would, without timing."""

from __future__ import annotations

from threethirteen.bots import make_bot
from threethirteen.engines import EngineError
from threethirteen.server.protocol import ActionMessage, ReadyMessage
from threethirteen.server.service import Status, TableService
from threethirteen.state import Phase


def drive(svc: TableService, table_id: str) -> list[EngineError]:
    """What the driver does, without its timing: every due automatic move, an engine's
    failure handed to the service. Returns the failures seen."""
    failures: list[EngineError] = []
    while (auto := svc.pending(table_id)) is not None and auto.at <= svc.clock():
        action = None
        if auto.kind != "advance":
            view = svc.auto_view(table_id, auto)
            assert view is not None
            bot = svc.auto_bot(table_id, auto)
            try:
                action = bot.choose(view)
            except EngineError as error:
                failures.append(error)
                assert svc.engine_failed(table_id, auto, bot, error)
                continue
        assert svc.play_auto(table_id, auto, action)
    return failures


def finish(
    svc: TableService, table_id: str, seat: int = 0, moves: int | None = None
) -> list[EngineError]:
    """``seat`` played by ``simple`` through messages, the bots by :func:`drive`, until the
    match ends (or ``seat`` has made ``moves`` moves). Returns the engines' failures seen."""
    human = make_bot("simple")
    table = svc.table(table_id)
    failures: list[EngineError] = []
    made = 0
    for _ in range(5000):
        failures += drive(svc, table_id)
        if table.status is Status.FINISHED or (moves is not None and made >= moves):
            return failures
        state = table.state
        assert state is not None
        if state.phase is Phase.ROUND_OVER:
            svc.handle(table_id, seat, ReadyMessage(table.version))
            continue
        svc.handle(table_id, seat, ActionMessage(table.version, human.choose(state.view(seat))))
        made += 1
    raise AssertionError("the match did not end")
