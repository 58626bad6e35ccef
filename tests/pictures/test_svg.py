"""sonic_rules.svg: well-formed, self-contained pictures of every game, variant and player
count; what a seat's picture shows; golden pictures compared element by element."""

from __future__ import annotations

import os
import random
import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path
from typing import Any

import pytest

import sonic_rules
from pictures.pictured_states import configurations, sampled, shuffle_hidden
from sonic_rules import InvalidActionError, svg
from sonic_rules.core.game import Ply
from sonic_rules.crash_course import Space as CourseSpace
from sonic_rules.crash_course import observe as cc_observe
from sonic_rules.super_teams import Deal
from sonic_rules.super_teams import observe as st_observe

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SONIC_UPDATE_GOLDEN") == "1"
CONFIGURATIONS = configurations()


def _package(state: Any) -> Any:
    return st_observe if state.__class__.__module__.startswith("sonic_rules.super") else cc_observe


def _parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def _self_contained(root: ET.Element) -> None:
    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        assert tag not in ("script", "image", "foreignObject", "style", "use"), tag
        assert "id" not in element.attrib  # several pictures can sit on one page
        for name, value in element.attrib.items():
            assert "url(" not in value and "http" not in value, (name, value)
            assert not name.endswith("href"), name


def _drawn_elements_have_titles(root: ET.Element) -> None:
    """Every element a reader can point at has a title: its own, or its group's."""
    assert root[0].tag == f"{SVG}title" and root[0].text

    def walk(element: ET.Element, titled: bool) -> None:
        has_title = any(child.tag == f"{SVG}title" for child in element)
        for child in element:
            tag = child.tag.removeprefix(SVG)
            if tag == "g":
                walk(child, titled or has_title)
            elif tag in ("rect", "circle", "polygon", "path", "ellipse", "line", "polyline"):
                own = any(grandchild.tag == f"{SVG}title" for grandchild in child)
                # the page background is the one shape without a meaning
                background = child.get("x") == "0" and child.get("y") == "0"
                assert titled or has_title or own or background, ET.tostring(child)[:120]

    walk(root, False)


@pytest.mark.parametrize(("name", "variant", "players"), CONFIGURATIONS)
def test_pictures_are_well_formed_and_self_contained(name: str, variant: str, players: int) -> None:
    for state, ply in sampled(name, variant, players):
        for seat in (None, *range(players)):
            picture = svg.position(state, seat=seat, last_action=ply)
            root = _parse(picture)
            _self_contained(root)
            _drawn_elements_have_titles(root)
        view = _package(state)(state, None)
        _parse(svg.position(view, size=300))


@pytest.mark.parametrize(("name", "variant", "players"), CONFIGURATIONS)
def test_a_seat_picture_does_not_change_when_its_hidden_content_does(
    name: str, variant: str, players: int
) -> None:
    rng = random.Random(7)
    moved = 0
    for state, ply in sampled(name, variant, players, seed=1):
        observe = _package(state)
        for seat in (None, *range(players)):
            # seat None: the spectator's view (a state drawn as it is is the referee's)
            picture = svg.position(observe(state, seat), last_action=ply)
            other = shuffle_hidden(state, seat, rng)
            moved += other != state
            if seat is None:
                assert svg.position(observe(other, seat), last_action=ply) == picture
            else:
                assert svg.position(other, seat=seat, last_action=ply) == picture
    if name == "super-teams":
        assert moved  # the shuffles really moved hidden cards


def test_super_teams_seat_pictures_name_only_their_own_cards() -> None:
    for state, _ in sampled("super-teams", "standard", 4, seed=2):
        for seat in range(4):
            picture = svg.position(state, seat=seat)
            for other in range(4):
                held = f"seat {other} holds "
                if other == seat:
                    assert (held in picture) == bool(state.hands[seat] or state.bonus_hands[seat])
                else:
                    assert held not in picture
                    assert f"seat {other}'s hand: {len(state.hands[other])} cards" in picture
        referee = svg.position(state)
        for seat in range(4):
            for card in state.hands[seat]:
                assert f"seat {seat} holds {card}" in referee


def test_crash_course_seat_pictures_name_only_their_own_items() -> None:
    checked = 0
    for state, _ in sampled("crash-course", "standard", 3, seed=3):
        for seat in range(3):
            boards = re.findall(
                r"<title>(\w+)'s board \(seat (\d)\): ([^<]*)</title>",
                svg.position(state, seat=seat),
            )
            for _, owner, words in boards:
                character = next(c for c in state.characters if c.owner == int(owner))
                if int(owner) != seat and character.items:
                    assert f"{len(character.items)} items, face down" in words
                    assert "items:" not in words
                    checked += 1
    assert checked


def test_the_caption_of_a_hidden_action_is_on_the_referees_picture_only() -> None:
    game = sonic_rules.game("super-teams")
    state = game.new_game(3)
    action = game.chance_outcomes(state)[0][0]
    assert isinstance(action, Deal)
    after, events = game.step(state, action)
    ply = Ply(None, action, tuple(events))
    assert f"last: {action.card} is dealt" in svg.position(after, last_action=ply)
    for seat in range(3):
        assert "last:" not in svg.position(after, seat=seat, last_action=ply)
        assert "last:" not in svg.position(after, seat=seat, last_action=action)


def test_a_ply_with_a_move_draws_an_arrow_from_its_start_to_its_end() -> None:
    for game in sonic_rules.games():
        result = game.play_game(game.new_game(2), [game.player("random")] * 2, seed=5)
        moved = [
            ply for ply in result.plies if any(type(e).__name__ == "Moved" for e in ply.events)
        ]
        picture = svg.position(result.final, last_action=moved[-1])
        assert "<title>last move: " in picture
        assert "<title>last move: " not in svg.position(result.final, last_action=moved[-1].action)


def test_highlight_outlines_the_places_given() -> None:
    st = sonic_rules.game("super-teams").new_game(2)
    plain = svg.position(st)
    assert (
        svg.position(st, highlight=[3, 7]).count('stroke="#ff7a00"')
        == plain.count('stroke="#ff7a00"') + 2
    )
    cc = sonic_rules.game("crash-course").new_game(2)
    marked = svg.position(cc, highlight=[CourseSpace(0, 1, 1)])
    assert marked.count('stroke-width="4"') > svg.position(cc).count('stroke-width="4"')


def test_wrong_types_are_refused_naming_the_parameter() -> None:
    st = sonic_rules.game("super-teams").new_game(2)
    cc = sonic_rules.game("crash-course").new_game(2)
    with pytest.raises(TypeError, match="state_or_view"):
        svg.position("a state")
    with pytest.raises(TypeError, match="size"):
        svg.position(st, size=0)
    with pytest.raises(TypeError, match="size"):
        svg.position(st, size=2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        svg.position(st, seat="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="last_action"):
        svg.position(st, last_action="blue-4")
    with pytest.raises(TypeError, match="highlight"):
        svg.position(st, highlight=["3"])
    with pytest.raises(TypeError, match="highlight"):
        svg.position(cc, highlight=[3])
    with pytest.raises(ValueError, match="highlight"):
        svg.position(st, highlight=[99])


def test_bad_seats_are_refused_as_observe_refuses_them() -> None:
    for game in sonic_rules.games():
        state = game.new_game(2)
        with pytest.raises(InvalidActionError, match="seat 2"):
            svg.position(state, seat=2)
        view = _package(state)(state, 0)
        assert svg.position(view, seat=0) == svg.position(view) == svg.position(state, seat=0)
        with pytest.raises(InvalidActionError, match="seat 1"):
            svg.position(view, seat=1)


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    state = sonic_rules.game("crash-course").new_game(3)
    small, large = _parse(svg.position(state, size=300)), _parse(svg.position(state, size=900))
    assert small.get("width") == "300" and large.get("width") == "900"
    assert float(large.get("height", 0)) == pytest.approx(3 * float(small.get("height", 0)), 0.01)


def test_states_and_views_draw_themselves_in_jupyter() -> None:
    for game in sonic_rules.games():
        state = game.new_game(3)
        view = _package(state)(state, 1)
        assert state._repr_svg_() == svg.position(state)
        assert view._repr_svg_() == svg.position(view)
        html = view._repr_html_()
        assert html.startswith("<div><svg") and "</svg><pre>" in html
        assert html.endswith(f"<pre>{escape(view.describe())}</pre></div>")
        assert state._repr_html_().endswith(
            f"<pre>{escape(game.describe_state(state))}</pre></div>"
        )


# -- golden pictures --------------------------------------------------------------------------


GOLDEN_POSITIONS = {
    "super-teams.opening-4": ("super-teams", "standard", 4, 0, 0),
    "super-teams.mid-2": ("super-teams", "standard", 2, 11, 140),
    "crash-course.mid-standard-3": ("crash-course", "standard", 3, 12, 180),
    "crash-course.mid-beginner-2": ("crash-course", "beginner", 2, 13, 60),
    "crash-course.mid-two-player": ("crash-course", "two-player", 2, 14, 220),
}
"""Each fixed position: game, variant, players, then the seed and number of actions of
the random game that reaches it (0: the opening)."""


def _golden_states() -> dict[str, Any]:
    out = {}
    for stem, (name, variant, players, seed, actions) in GOLDEN_POSITIONS.items():
        game = sonic_rules.game(name)
        state = game.new_game(players, variant=variant)
        if actions:
            random_players = [game.player("random")] * players
            state = game.play_game(state, random_players, seed=seed, max_actions=actions).final
        out[stem] = state
    return out


def _golden_pictures(stem: str, state: Any) -> dict[str, str]:
    return {
        f"{stem}.referee": svg.position(state, size=600),
        f"{stem}.seat-1": svg.position(state, size=600, seat=1),
    }


def _structure(picture: str) -> list[tuple[str, dict[str, str], str]]:
    return [
        (element.tag, dict(element.attrib), (element.text or "").strip())
        for element in ET.fromstring(picture).iter()
    ]


def test_golden_pictures_are_drawn_as_they_were() -> None:
    states = _golden_states()
    assert len(states) >= 4
    for stem, state in states.items():
        for name, picture in _golden_pictures(stem, state).items():
            path = GOLDEN / f"{name}.svg"
            if UPDATE:
                path.write_text(picture + "\n", encoding="utf-8")
            expected = _structure(path.read_text(encoding="utf-8"))
            drawn = _structure(picture)
            assert len(drawn) == len(expected), (
                f"{name}: {len(drawn)} elements, not {len(expected)}"
            )
            for number, (got, want) in enumerate(zip(drawn, expected, strict=True)):
                assert got == want, (
                    f"{name}: element {number} differs (SONIC_UPDATE_GOLDEN=1 redraws)"
                )
