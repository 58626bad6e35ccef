"""Set-up: the Beginner track dealt by chance or given, its face-down items, the
starting tiles: each test names the rule it pins down."""

from __future__ import annotations

import attrs
import pytest

from crash_course.cc_scenario_tiles import (
    ALL,
    SCENARIO_TILES,
    assert_declared_change,
    scenario,
)
from sonic_rules import (
    CHANCE,
    IllegalActionError,
    InvalidStateError,
)
from sonic_rules.crash_course import (
    DealTile,
    ItemKind,
    Move,
    Options,
    Phase,
    RevealItem,
    Space,
    apply,
    chance_outcomes,
    from_json,
    new_game,
    step,
    to_json,
)
from sonic_rules.crash_course import events as E
from sonic_rules.crash_course.track import features_of

# ----- abilities --------------------------------------------------------------------------


def test_cc_beginner_setup_random_order_is_chance() -> None:
    """CC-BEGINNER-SETUP, CC-PROJ-BEGINNER-RANDOM-TRACK: each next tile is a chance node."""
    state = new_game(3, variant="beginner")
    assert state.to_act is CHANCE and state.phase is Phase.SETUP
    outcomes = chance_outcomes(state)
    assert [a for a, _ in outcomes] == [DealTile(n) for n in range(7)]
    assert all(p == pytest.approx(1 / 7) for _, p in outcomes)
    order = [5, 2, 6, 0, 3, 1, 4]
    for tile in order:
        state = apply(state, DealTile(tile))
        if state.phase is Phase.SETUP:
            with pytest.raises(IllegalActionError) as error:
                apply(state, DealTile(tile))  # already laid
            assert error.value.rule == "CC-BEGINNER-SETUP"
    assert [placed.tile for placed in state.course] == order
    assert state.phase is Phase.ACTIONS and len(state.face_down) == 14
    cells = {(placed.x, placed.y) for placed in state.course}
    assert len(cells) == 7  # every tile on its own cell
    assert from_json(to_json(state)) == state


def test_cc_beginner_setup_given_order_option() -> None:
    """CC-BEGINNER-SETUP: Options.beginner_course lays the table's own order at once."""
    given = (
        ("spike-run", False),
        ("corner-hive", True),
        *((t, False) for t in ALL if t not in ("spike-run", "corner-hive")),
    )
    state = new_game(
        2, variant="beginner", tiles=SCENARIO_TILES, options=Options(beginner_course=given)
    )
    assert state.phase is Phase.ACTIONS and state.to_act == 0
    ids = [state.catalogue.tiles[placed.tile].id for placed in state.course]
    assert ids == [tile for tile, _ in given] and state.course[1].reversed
    assert from_json(to_json(state)) == state
    for bad in ((("spike-run", False),), (*given[:-1], ("nope", False))):
        with pytest.raises(InvalidStateError) as error:
            new_game(
                2, variant="beginner", tiles=SCENARIO_TILES, options=Options(beginner_course=bad)
            )
        assert error.value.path.startswith("$.options.beginner_course")
    with pytest.raises(InvalidStateError):
        new_game(2, tiles=SCENARIO_TILES, options=Options(beginner_course=given))


# ----- Beginner face-down tokens are hidden ------------------------------------------------


def test_cc_beginner_items_hidden_until_revealed() -> None:
    """CC-BEGINNER-ITEMS, CC-PROJ-BEGINNER-HIDDEN: no kind is stored for a face-down token;
    entering one is a chance node over every token nobody has seen yet."""
    state = scenario(
        2,
        variant="beginner",
        course=ALL,
        positions={"sonic": (0, 0, 1)},
        face_down=[(0, 1, 1), (0, 2, 1)],
        board={(0, 0, 0): "crabmeat"},
    )
    text = to_json(state)
    assert "face_down" in text and state.board == (attrs.evolve(state.board[0]),)
    paused = apply(state, Move(0, 1))
    assert paused.phase is Phase.REVEALING and paused.to_act is CHANCE
    assert paused.characters[0].position == Space(0, 0, 1)  # not yet stepped in
    outcomes = dict(chance_outcomes(paused))
    assert outcomes == {
        RevealItem(ItemKind.BOOSTER): pytest.approx(10 / 29),
        RevealItem(ItemKind.CRABMEAT): pytest.approx(9 / 29),
        RevealItem(ItemKind.RING): pytest.approx(10 / 29),
    }
    with pytest.raises(IllegalActionError) as error:
        apply(paused, RevealItem(ItemKind.SPRING))
    assert error.value.rule == "CC-BEGINNER-ITEMS"
    assert from_json(to_json(paused)) == paused
    # A Booster: the boost carries Sonic on to the next face-down token, another reveal.
    boosted, events = step(paused, RevealItem(ItemKind.BOOSTER))
    assert boosted.phase is Phase.REVEALING and boosted.characters[0].position == Space(0, 1, 1)
    assert any(isinstance(e, E.ItemRevealed) for e in events)
    assert_declared_change(paused.phase, boosted.phase)
    done = apply(boosted, RevealItem(ItemKind.RING))
    assert done.phase is Phase.ACTIONS and done.characters[0].position == Space(1, 0, 1)
    assert done.characters[0].rings == 1 and done.face_down == ()
    assert done.item_total() == 60


# ----- tile data ----------------------------------------------------------------------------


def test_cc_setup_starting_tiles_star_spaces_touch() -> None:
    """CC-SETUP: the two starting tiles are laid with their star spaces touching."""
    state = new_game(2)
    line, star = features_of(state, 0), features_of(state, 1)
    touching = [lane for lane in range(3) if line[6 + lane] == "*" and star[lane] == "*"]
    assert touching, "the starting line's exit row and the star tile's entry row share a star"
    assert not any(f in "^B<>" for f in line)
    assert star[2] == "B" or star[5] == "B" or star[8] == "B"


# ----- robustness: junk actions --------------------------------------------------------------
