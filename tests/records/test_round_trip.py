"""Done when: for every game, variant and player count, simulate -> record -> validate ->
replay ends in the same final state as the simulation."""

from __future__ import annotations

import pytest

import sonic_rules
from record_helpers import hide, simulated
from sonic_rules import records

CONFIGURATIONS = [
    pytest.param(game.name, variant, players, id=f"{game.name}-{variant}-{players}")
    for game in sonic_rules.games()
    for variant, players in game.configurations()
]


@pytest.mark.parametrize(("name", "variant", "players"), CONFIGURATIONS)
@pytest.mark.parametrize("long", [False, True], ids=["short", "long"])
def test_simulate_record_validate_replay_ends_where_the_simulation_did(
    name: str, variant: str, players: int, long: bool
) -> None:
    game = sonic_rules.game(name)
    for seed in range(2):
        start, actions, final = simulated(game, variant, players, seed)
        text = records.write_record(game, [start, *actions], {"event": "test"}, long=long)
        report = records.validate(text)
        assert report.valid, str(report)
        assert report.final == final
        record = records.read_record(text)
        assert (record.game, record.variant, record.players) == (game, variant, players)
        assert record.start == start
        assert record.final == final
        assert len(record.replay()) == len(actions)
        assert record.result is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_super_teams_with_hidden_hands_ends_in_the_same_public_position(players: int) -> None:
    game = sonic_rules.game("super-teams")
    for seed in range(3):
        start, actions, final = simulated(game, "standard", players, seed)
        text = hide(records.write_record(game, [start, *actions]))
        assert "?" in text
        report = records.validate(text)
        assert report.valid, str(report)
        assert not report.exact
        ended = report.final
        assert ended.pieces == final.pieces and ended.winners == final.winners
        assert ended.discard == final.discard and ended.bonus_discard == final.bonus_discard
        assert [len(hand) for hand in ended.hands] == [len(hand) for hand in final.hands]
        assert ended.hands[0] == final.hands[0]
