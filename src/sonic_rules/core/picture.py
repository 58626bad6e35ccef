"""Pictures in Jupyter: states and views draw themselves (`Pictured`).

A notebook shows a state or a view as its SVG picture (`sonic_rules.svg.position`)
with its text description under it. The drawing code is imported only when a picture
is asked for, so the games do not load it.
"""

from __future__ import annotations

from html import escape


class Pictured:
    """A mixin for the states and views of both games: ``_repr_svg_`` and ``_repr_html_``.

    It holds no data (``__slots__ = ()``), so frozen, slotted values can take it.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The picture, as `sonic_rules.svg.position` draws it."""
        from sonic_rules import svg

        return svg.position(self)

    def _repr_html_(self) -> str:
        """The picture with the text description under it."""
        from sonic_rules import svg

        words = escape(svg.description(self))
        return f"<div>{svg.position(self)}<pre>{words}</pre></div>"
