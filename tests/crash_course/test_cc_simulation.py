"""Seeded random games, a hypothesis state machine per variant, bad input, rule coverage."""

from __future__ import annotations

import json
import pathlib
import random
from typing import Any

import attrs
import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from crash_course.cc_scenario_tiles import assert_declared_change
from sonic_rules import (
    CHANCE,
    BoardError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
)
from sonic_rules.core.driver import GreedyPlayer, PlayedGame, RandomPlayer, play
from sonic_rules.crash_course import (
    GAME,
    PHASES,
    RULES,
    EndTurn,
    Move,
    Options,
    PlaceItem,
    action_from_json,
    action_key,
    action_to_json,
    apply,
    chance_outcomes,
    from_json,
    legal_actions,
    load_tiles,
    new_game,
    score,
    setup_position,
    step,
    to_json,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.state import Character, ItemKind, Space, airborne_characters

CONFIGS = [
    (2, "standard"),
    (3, "standard"),
    (4, "standard"),
    (2, "two-player"),
    (2, "beginner"),
    (3, "beginner"),
    (4, "beginner"),
]


def check_invariants(state) -> None:
    assert state.item_total() == 60
    assert state.bird_supply + sum(state.birds) == 24
    assert 0 <= state.damage_supply <= 12 and 0 <= state.power_up_supply <= 4
    for character in state.characters:
        assert character.damage <= 2 and len(character.items) <= 2 and character.rings <= 3
    # CC-ONE-PER-SPACE; a character bounced by a Bumper has left its space until it lands
    # (CC-ITEM-BUMPER), and a pushed character may be boosted onto that space meanwhile.
    airborne = airborne_characters(state.motion)
    spaces = [
        c.position
        for number, c in enumerate(state.characters)
        if c.position is not None and number not in airborne
    ]
    assert len(spaces) == len(set(spaces))
    assert from_json(to_json(state)) == state
    if state.is_over:
        assert len(state.winners) == 1
    else:
        assert state.winners == ()


def _random_game(
    players: int, variant: str, seed: int, options: Options | None = None
) -> PlayedGame[Any, Any]:
    return play(
        GAME,
        new_game(players, variant=variant, options=options),
        [RandomPlayer()] * players,
        seed=seed,
        record=False,
        max_actions=20000,
    )


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_seeded_random_games_end(players: int, variant: str) -> None:
    """Random games end with exactly one winner (CC-FINISH, CC-SECONDARY-WIN)."""
    for seed in range(100):
        result = _random_game(players, variant, seed)
        assert not result.capped and len(result.final.winners) == 1


@pytest.mark.parametrize("options", [Options(set_back=True), Options(official_draw=True)])
def test_seeded_random_games_end_with_options(options: Options) -> None:
    """CC-OPT-SET-BACK and CC-OPT-OFFICIAL-DRAW games end too."""
    for seed in range(40):
        result = _random_game(2, "standard", seed, options)
        assert not result.capped and result.final.is_over


def test_greedy_games_end() -> None:
    """The greedy bot (the package's score) finishes games."""
    for seed in range(3):
        greedy = GreedyPlayer(score, GAME.step)
        result = play(
            GAME, new_game(2), [greedy, RandomPlayer()], seed=seed, record=False, max_actions=20000
        )
        assert result.final.is_over


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_many_random_games_end(players: int, variant: str) -> None:
    """1,000 more seeded random games per configuration end (run with SONIC_SLOW=1)."""
    for seed in range(100, 1100):
        result = _random_game(players, variant, seed)
        assert not result.capped and len(result.final.winners) == 1


def _walk(players: int, variant: str, seed: int, checks: bool) -> None:
    rng = random.Random(seed)
    state = new_game(players, variant=variant)
    while not state.is_over:
        if state.to_act is CHANCE:
            outcomes = chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        legal = legal_actions(state)
        assert legal and legal == sorted(legal, key=action_key) and len(set(legal)) == len(legal)
        action = legal[rng.randrange(len(legal))]
        if checks and state.to_act is not CHANCE:
            assert action.seat == state.to_act
            assert action_from_json(action_to_json(action)) == action
        new, _events = step(state, action)
        assert_declared_change(state.phase, new.phase)
        if checks:
            check_invariants(new)
        state = new


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_random_walks_keep_invariants(players: int, variant: str) -> None:
    """Legal actions sorted and unique, JSON round-trips, declared phase changes only."""
    for seed in range(3):
        _walk(players, variant, seed, checks=True)


def _bogus_actions(state) -> list[object]:
    seat = state.to_act if isinstance(state.to_act, int) else 0
    return [
        EndTurn((seat + 1) % state.players),
        Move(seat, 3),
        PlaceItem(seat, ItemKind.SPRING, Space(0, 0, 0)),
        PlaceItem(seat, ItemKind.MOTOBUG, Space(1, 1, 1)),
        EndTurn(seat),
    ]


def _machine(variant: str, seats: tuple[int, ...]) -> type[RuleBasedStateMachine]:
    """A machine for ``variant``; it draws the player count (from ``seats``), the options
    (CC-OPT-OFFICIAL-DRAW, CC-OPT-SET-BACK, CC-OPT-DAMAGE-BARS-ONLY-MOVES,
    CC-OPT-LITERAL-SECONDARY-WIN) and the characters' seating
    (CC-PROJ-CHARACTERS) at initialisation."""

    class CrashCourseMachine(RuleBasedStateMachine):
        @initialize(
            players=st.sampled_from(seats),
            official_draw=st.booleans(),
            set_back=st.booleans(),
            damage_bars_only_moves=st.booleans(),
            literal_secondary_win=st.booleans(),
            order=st.permutations(list(Character)),
        )
        def start(
            self,
            players: int,
            official_draw: bool,
            set_back: bool,
            damage_bars_only_moves: bool,
            literal_secondary_win: bool,
            order: list[Character],
        ) -> None:
            count = 4 if variant == "two-player" else players
            options = Options(
                official_draw=official_draw,
                set_back=set_back,
                damage_bars_only_moves=damage_bars_only_moves,
                literal_secondary_win=literal_secondary_win,
                characters=tuple(order[:count]),
            )
            self.state = new_game(players, variant=variant, options=options)
            event(f"{variant}, {players} players")

        def _play(self, choice: int) -> None:
            """One legal action (chance outcomes too), checked like every machine step."""
            legal = legal_actions(self.state)
            assert legal
            new, events = step(self.state, legal[choice % len(legal)])
            assert_declared_change(self.state.phase, new.phase)
            check_invariants(new)
            for happened in events:
                if isinstance(happened, E.TileRecycled):
                    event("a tile was recycled (CC-TILE-RECYCLE)")
                elif isinstance(happened, E.SetBack):
                    event("a character was set back (CC-OPT-SET-BACK, CC-TWO-PLAYER-SECONDARY-WIN)")
                elif isinstance(happened, E.Won):
                    event(f"game over: {happened.why}")
            self.state = new

        # No preconditions: once the game is over these do nothing (a precondition would
        # leave hypothesis retrying draws), and play_illegal checks that all is refused.
        @rule(choice=st.integers(min_value=0, max_value=10**6))
        def play_legal(self, choice: int) -> None:
            if not self.state.is_over:
                self._play(choice)

        @rule(seed=st.integers(min_value=0, max_value=2**32 - 1), length=st.integers(1, 100))
        def play_run(self, seed: int, length: int) -> None:
            """A run of up to ``length`` random legal actions: reaches recycling and the end."""
            rng = random.Random(seed)
            for _ in range(length):
                if self.state.is_over:
                    break
                self._play(rng.randrange(10**6))

        @rule(choice=st.integers(min_value=0, max_value=4))
        def play_illegal(self, choice: int) -> None:
            action = _bogus_actions(self.state)[choice]
            before = self.state
            if action in legal_actions(before):
                self._play(legal_actions(before).index(action))
                return
            with pytest.raises(IllegalActionError) as error:
                apply(before, action)
            assert error.value.rule in RULES
            assert self.state == before

        @invariant()
        def invariants(self) -> None:
            check_invariants(self.state)

    CrashCourseMachine.__name__ = f"CrashCourse_{variant.replace('-', '_')}"
    return CrashCourseMachine


# Explicit settings: a play_run step may play up to 100 actions, so the step count stays
# at 60 whatever the profile; the "long" profile (1000 examples) gets 5x more examples.
_EXAMPLES = max(40, settings.default.max_examples // 5)
_SETTINGS = settings(max_examples=_EXAMPLES, stateful_step_count=60, deadline=None)
_FEWER = settings(_SETTINGS, max_examples=_EXAMPLES // 2)
TestStandardMachine = _SETTINGS(_machine("standard", (2, 3, 4))).TestCase
TestTwoPlayerMachine = _FEWER(_machine("two-player", (2,))).TestCase
TestBeginnerMachine = _FEWER(_machine("beginner", (2, 3, 4))).TestCase


def test_bad_input_wrong_type_seat_and_stale() -> None:
    """CC-PROJ-WRONG-SEAT: wrong type -> InvalidActionError; the state is left unchanged.

    An action with a field of the wrong type is refused when it is built (a TypeError
    too), and again by ``apply`` if it was forged past its constructor."""
    state = setup_position(2)
    before = to_json(state)
    for junk in ("move", None, 3):
        with pytest.raises(InvalidActionError):
            apply(state, junk)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match=r"Move\.seat must be int") as built:
        Move("0", 1)  # type: ignore[arg-type]
    assert isinstance(built.value, TypeError)
    forged = Move(0, 1)
    object.__setattr__(forged, "seat", "0")
    with pytest.raises(InvalidActionError, match=r"Move\.seat must be int"):
        apply(state, forged)
    with pytest.raises(IllegalActionError) as error:
        apply(state, Move(1, 1))
    assert error.value.rule == "CC-PROJ-WRONG-SEAT"
    moved = apply(state, Move(0, 1))
    stale = apply(apply(moved, Move(0, 1)), Move(0, 1))
    with pytest.raises(IllegalActionError):
        apply(stale, Move(0, 1))
    assert to_json(state) == before


def test_malformed_json_names_the_path() -> None:
    """from_json refuses unknown, missing and inconsistent fields with a JSON path."""
    data = json.loads(to_json(new_game(2)))
    with pytest.raises(InvalidStateError) as error:
        from_json("{not json")
    assert "line 1" in str(error.value)
    bad = json.loads(json.dumps(data))
    bad["characters"][1]["damage"] = "two"
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(bad))
    assert "characters" in error.value.path and "damage" in error.value.path
    extra = json.loads(json.dumps(data))
    extra["surprise"] = 1
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(extra))
    missing = json.loads(json.dumps(data))
    del missing["pile"]
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(missing))
    counts = json.loads(json.dumps(data))
    counts["pile"][0] += 1
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(counts))
    assert error.value.path == "$.pile"
    broken = json.loads(json.dumps(data))
    broken["course"][1]["x"] = 5
    with pytest.raises(InvalidStateError) as error:
        from_json(json.dumps(broken))
    assert error.value.path == "$.course[1]"


def test_bad_tile_file_names_the_entry(tmp_path: pathlib.Path) -> None:
    """load_tiles: a bad feature is refused with the file and entry named."""
    from importlib import resources

    text = resources.files("sonic_rules.crash_course").joinpath("data/tiles.json").read_text()
    data = json.loads(text)
    data["tiles"][3]["rows"][1] = ".bq"[0] + ".q"
    with pytest.raises(BoardError) as error:
        load_tiles(json.dumps(data))
    assert str(error.value) == "tiles[3].rows[1][2]: unknown feature 'q'"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    with pytest.raises(BoardError) as error:
        load_tiles(path)
    assert "mine.json" in str(error.value) and "tiles[3].rows[1][2]" in str(error.value)
    with pytest.raises(BoardError):
        load_tiles(str(tmp_path / "absent.json"))
    assert load_tiles(text) == load_tiles(json.dumps(json.loads(text)))


def test_every_cc_rule_id_is_named_in_a_test() -> None:
    """Every rule id appears somewhere under tests/crash_course."""
    text = "".join(p.read_text() for p in pathlib.Path(__file__).parent.glob("*.py"))
    missing = [rule.id for rule in RULES if rule.id not in text]
    assert missing == []


def test_phase_machine_draws() -> None:
    """PHASES is declared once and drawn as Mermaid."""
    assert "stateDiagram" in PHASES.to_mermaid()


def test_state_is_hashable_and_apply_does_not_mutate() -> None:
    state = setup_position(2)
    copy = attrs.evolve(state)
    apply(state, Move(0, 1))
    assert state == copy and hash(state) == hash(copy)
