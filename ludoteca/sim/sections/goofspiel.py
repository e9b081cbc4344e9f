"""Report sections of the reference game: it reports no details, so there are none."""

from ludoteca.sim.sections import Section

SECTIONS: list[Section] = []
