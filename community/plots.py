"""The rating history plot of a profile: an inline SVG drawn on the server
(no script, no CDN)."""

from django.utils.html import format_html
from django.utils.safestring import SafeString

from community.skill import START, shown

WIDTH, HEIGHT, PAD = 320, 120, 6


def history_svg(points: list[tuple[float, float]], title: str) -> SafeString:
    """An SVG of a rating's history: ``points`` are its ``(mu, sigma)`` after
    each rated match, oldest first (the start rating goes before them). Draws
    the band mu ± 3 sigma (the system's uncertainty), the line of mu and the
    line of the shown rating (mu - 3 sigma, community.skill.shown).
    ``title`` names it for screen readers. Numbers only go into the drawing."""
    series = [START, *points]
    lows = [shown(mu, sigma) for mu, sigma in series]
    highs = [mu + 3 * sigma for mu, sigma in series]
    bottom, top = min(lows), max(highs)
    span = (top - bottom) or 1.0
    step = (WIDTH - 2 * PAD) / max(1, len(series) - 1)

    def xy(i: int, value: float) -> str:
        x = PAD + i * step
        y = HEIGHT - PAD - (value - bottom) / span * (HEIGHT - 2 * PAD)
        return f"{x:.1f},{y:.1f}"

    band = " ".join([xy(i, v) for i, v in enumerate(highs)] + [xy(i, v) for i, v in reversed(list(enumerate(lows)))])
    mus = " ".join(xy(i, mu) for i, (mu, _) in enumerate(series))
    low_line = " ".join(xy(i, v) for i, v in enumerate(lows))
    described = f"{title}: rating {lows[0]:.1f} at the start, {lows[-1]:.1f} after {len(points)} rated matches"
    return format_html(
        '<svg class="rating-plot" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        '<polygon class="band" points="{}"/><polyline class="mu" points="{}"/>'
        '<polyline class="shown" points="{}"/></svg>',
        WIDTH,
        HEIGHT,
        described,
        band,
        mus,
        low_line,
    )
