"""The built site's checker (tools/check_site.py, run by make docs): an image the site cannot
serve, a link to no page and an anchor its page lacks are each named with their page."""

from __future__ import annotations

from pathlib import Path

from scripts import load_script

check_site = load_script("tools/check_site.py")


def test_broken_images_links_and_anchors_are_named_and_external_ones_left_alone(
        tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "index.html").write_text('<h1 id="top">x</h1><a href="rules/">rules</a>')
    (tmp_path / "rules" / "index.html").write_text(
        '<img src="picture:castell-map"><img src="../missing.png"><a href="../#top">up</a>'
        '<a href="../#nowhere">up</a><a href="https://example.org/x">out</a>'
        '<link href="/index.html">')
    problems = check_site.broken(tmp_path)
    assert problems == [
        "rules/index.html: the image 'picture:castell-map' uses the scheme 'picture', which a "
        "browser cannot fetch from the site: link a file of docs/ instead",
        "rules/index.html: the image '../missing.png' names no file of the built site: fix the "
        "path (relative to the Markdown page)",
        "rules/index.html: the link '../#nowhere' names the anchor #nowhere, which its page "
        "does not have",
    ]
    assert check_site.main([str(tmp_path / "nothing")]) == 2  # no index.html: not a built site
