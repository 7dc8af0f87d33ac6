"""NLI, image-text and hybrid matchers on tiny models the tests build and save themselves.

The real transformers code paths run (AutoTokenizer / AutoModelForSequenceClassification /
AutoModel / AutoProcessor from a folder); only the weights are tiny and random, so these tests
check plumbing - chunking, label mapping, batching, caching, errors - never quality.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from fcpkit.errors import ModelUnavailableError

pytestmark = pytest.mark.models

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

WORDS = (
    "the a ticket tickets assigned to payments team billing saved changes button assign cancel url "
    "title tab page helpdesk link home dashboard alert error status priority high low opened by dana "
    "kim days ago refund not received combobox value statictext heading is was has been user logged in "
    "out sign settings profile"
).split()


def _word_tokenizer(special: dict[str, int], *, pair_template: bool, max_len: int):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    vocab = dict(special)
    for w in WORDS + [str(i) for i in range(10)] + list("[]':#.,·/-_=:"):
        vocab.setdefault(w, len(vocab))
    tok = Tokenizer(models.WordLevel(vocab, unk_token=[k for k in special if "unk" in k.lower()][0]))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Whitespace(), pre_tokenizers.Digits(individual_digits=True)])
    return tok, vocab, PreTrainedTokenizerFast, processors


@pytest.fixture(scope="module")
def tiny_nli_dir(tmp_path_factory) -> Path:
    """A DeBERTa-v2 sequence classifier with entailment at index 1 (not 0, not last)."""
    from transformers import DebertaV2Config, DebertaV2ForSequenceClassification

    folder = tmp_path_factory.mktemp("tiny-nli")
    special = {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3}
    tok, vocab, Fast, processors = _word_tokenizer(special, pair_template=True, max_len=64)
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", 2), ("[SEP]", 3)],
    )
    fast = Fast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]", model_max_length=64)
    fast.save_pretrained(folder)
    cfg = DebertaV2Config(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
        id2label={0: "CONTRADICTION", 1: "Entailment", 2: "neutral"},
        label2id={"CONTRADICTION": 0, "Entailment": 1, "neutral": 2},
        pad_token_id=0,
    )
    torch.manual_seed(0)
    model = DebertaV2ForSequenceClassification(cfg)
    with torch.no_grad():  # make outputs input-dependent enough to tell pairs apart
        for p in model.parameters():
            p.normal_(0, 0.5)
    model.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_siglip_dir(tmp_path_factory) -> Path:
    from transformers import SiglipConfig, SiglipImageProcessor, SiglipModel, SiglipProcessor

    folder = tmp_path_factory.mktemp("tiny-siglip")
    special = {"<pad>": 0, "<unk>": 1, "</s>": 2}
    tok, vocab, Fast, processors = _word_tokenizer(special, pair_template=False, max_len=16)
    tok.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", 2)])
    fast = Fast(tokenizer_object=tok, unk_token="<unk>", pad_token="<pad>", eos_token="</s>", model_max_length=16)
    SiglipProcessor(image_processor=SiglipImageProcessor(size={"height": 32, "width": 32}), tokenizer=fast).save_pretrained(folder)
    cfg = SiglipConfig(
        text_config=dict(
            vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
            num_attention_heads=2, max_position_embeddings=16, pad_token_id=0, bos_token_id=1, eos_token_id=2,
        ),
        vision_config=dict(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2, image_size=32, patch_size=8),
    )
    torch.manual_seed(0)
    SiglipModel(cfg).save_pretrained(folder)
    return folder


def _page(n_lines: int, marker: str = "payments") -> str:
    lines = ["url: http://helpdesk.local/tickets/4821", "title: ticket 4821 helpdesk", "tab: 0 ticket 4821"]
    for i in range(n_lines):
        lines.append(f"[{i + 10}] StaticText 'ticket {marker if i == n_lines // 2 else 'status'} {i % 10} changes saved'")
    return "\n".join(lines)


STATEMENTS = ["ticket assigned to the payments team", "changes saved", "error alert", "user logged out"]


# ---------------------------------------------------------------------------------- NLI


def test_nli_entailment_index_comes_from_id2label(tiny_nli_dir):
    from fcpkit.matching.nli import NLIMatcher

    m = NLIMatcher(tiny_nli_dir)
    assert m.entailment_index == 1
    # the score is exactly softmax(logits)[1] for a one-chunk pair
    tok = m._tokenizer
    enc = tok(["team payments saved"], ["ticket assigned"], return_tensors="pt")
    with torch.no_grad():
        probs = torch.softmax(m._model(**enc).logits, -1)[0]
    got = m.score(["ticket assigned"], ["team payments saved"])[0, 0]
    assert got == pytest.approx(float(probs[1]), abs=1e-5)
    assert got != pytest.approx(float(probs[0]), abs=1e-4)


def test_nli_rejects_classifier_without_entailment_label(tiny_nli_dir, tmp_path):
    import shutil

    from fcpkit.matching.nli import NLIMatcher

    folder = tmp_path / "no-entail"
    shutil.copytree(tiny_nli_dir, folder)
    cfg = json.loads((folder / "config.json").read_text())
    cfg["id2label"] = {"0": "negative", "1": "positive", "2": "neutral"}
    cfg["label2id"] = {"negative": 0, "positive": 1, "neutral": 2}
    (folder / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(ModelUnavailableError, match="entailment"):
        NLIMatcher(folder).load()


def test_nli_chunks_are_token_bounded_line_aligned_and_overlap(tiny_nli_dir):
    from fcpkit.matching.nli import NLIMatcher

    m = NLIMatcher(tiny_nli_dir, chunk_tokens=24, overlap_tokens=8, max_hypothesis_tokens=8)
    page = _page(20)
    chunks = m.chunk(page)
    assert len(chunks) > 3
    budget = m._premise_budget()
    lines = set(l for l in (page.splitlines()))
    stripped = {l.split("] ", 1)[-1] for l in lines}
    for c in chunks:
        assert len(m._tokenizer(c, add_special_tokens=False)["input_ids"]) <= budget + c.count("\n") + 1
        for line in c.splitlines():
            assert line in stripped  # whole lines (bid stripped), never cut mid-line
    # consecutive windows share at least one line (overlap) and together cover the page
    for a, b in zip(chunks, chunks[1:]):
        assert set(a.splitlines()) & set(b.splitlines())
    covered = set(l for c in chunks for l in c.splitlines())
    assert covered == stripped


def test_nli_splits_an_overlong_line(tiny_nli_dir):
    from fcpkit.matching.nli import NLIMatcher

    m = NLIMatcher(tiny_nli_dir, chunk_tokens=16, overlap_tokens=4, max_hypothesis_tokens=8)
    long_line = "[5] StaticText '" + " ".join(["ticket"] * 60) + "'"
    chunks = m.chunk(long_line)
    assert len(chunks) > 2
    assert all(len(m._tokenizer(c, add_special_tokens=False)["input_ids"]) <= m._premise_budget() for c in chunks)


def test_nli_score_is_max_over_chunks(tiny_nli_dir):
    from fcpkit.matching.nli import NLIMatcher

    m = NLIMatcher(tiny_nli_dir, chunk_tokens=24, overlap_tokens=8, max_hypothesis_tokens=8)
    page = _page(20)
    chunks = m.chunk(page)
    per_chunk = m.score(STATEMENTS, chunks)
    whole = m.score(STATEMENTS, [page])
    np.testing.assert_allclose(whole[:, 0], per_chunk.max(axis=1), atol=1e-6)


def test_nli_batched_equals_one_by_one(tiny_nli_dir):
    from fcpkit.matching.nli import NLIMatcher

    pages = [_page(20), _page(5, "billing"), "click button assign on ticket 4821"]
    batched = NLIMatcher(tiny_nli_dir, chunk_tokens=24, overlap_tokens=8, batch_size=7, max_hypothesis_tokens=8)
    single = NLIMatcher(tiny_nli_dir, chunk_tokens=24, overlap_tokens=8, batch_size=1, max_hypothesis_tokens=8, cache_size=0)
    a = batched.score(STATEMENTS, pages)
    b = np.array([[single.score([s], [p])[0, 0] for p in pages] for s in STATEMENTS])
    assert a.shape == (len(STATEMENTS), len(pages))
    assert ((a >= 0) & (a <= 1)).all()
    np.testing.assert_allclose(a, b, atol=1e-5)
    assert batched.stats.forward_calls < single.stats.forward_calls


def test_nli_cache_unchanged_page_costs_no_forward(tiny_nli_dir):
    from fcpkit.matching.nli import NLIMatcher

    m = NLIMatcher(tiny_nli_dir, chunk_tokens=24, overlap_tokens=8, max_hypothesis_tokens=8)
    m.load()
    calls = {"n": 0}
    original = m._model.forward

    def counting(*args, **kwargs):
        calls["n"] += 1
        return original(*args, **kwargs)

    m._model.forward = counting
    page = _page(20)
    first = m.score(STATEMENTS, [page])
    n_first = calls["n"]
    assert n_first > 0
    second = m.score(STATEMENTS, [page])
    assert calls["n"] == n_first  # no forward at all
    np.testing.assert_array_equal(first, second)
    # a page that changed one line only runs the chunks containing that line
    changed = page.replace("changes saved'", "changes saved error'", 1)
    m.stats.reset()
    m.score(STATEMENTS, [changed])
    assert 0 < m.stats.pairs_scored < len(STATEMENTS) * len(m.chunk(changed))


def test_nli_missing_weights_error_names_model_place_and_fix(tmp_path, monkeypatch):
    from fcpkit.matching.nli import NLIMatcher

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    m = NLIMatcher("cross-encoder/nli-deberta-v3-base", cache_dir=tmp_path / "empty-cache")
    with pytest.raises(ModelUnavailableError) as err:
        m.score(["a"], ["b"])
    msg = str(err.value)
    assert "cross-encoder/nli-deberta-v3-base" in msg
    assert str(tmp_path / "empty-cache") in msg
    assert "huggingface-cli download" in msg and "NLIMatcher(model=" in msg

    with pytest.raises(ModelUnavailableError, match="does not exist"):
        NLIMatcher(tmp_path / "nowhere" / "model").load()


@pytest.mark.parametrize("damage", ["truncated-config", "truncated-weights", "no-weights", "no-config"])
def test_nli_corrupt_folder_gives_one_clear_error(tiny_nli_dir, tmp_path, damage):
    import shutil

    from fcpkit.matching.nli import NLIMatcher

    folder = tmp_path / "broken"
    shutil.copytree(tiny_nli_dir, folder)
    if damage == "truncated-config":
        text = (folder / "config.json").read_text()
        (folder / "config.json").write_text(text[: len(text) // 2])
    elif damage == "truncated-weights":
        data = (folder / "model.safetensors").read_bytes()
        (folder / "model.safetensors").write_bytes(data[: len(data) // 3])
    elif damage == "no-weights":
        (folder / "model.safetensors").unlink()
    else:
        (folder / "config.json").unlink()
    with pytest.raises(ModelUnavailableError) as err:
        NLIMatcher(folder).score(["a"], ["b"])
    msg = str(err.value)
    assert str(folder) in msg
    assert "\n" not in msg


# ----------------------------------------------------------------------------- image-text


def _images():
    from PIL import Image

    rng = np.random.default_rng(0)
    return [Image.fromarray(rng.integers(0, 255, (40, 60, 3), dtype=np.uint8)) for _ in range(3)]


def test_image_matcher_equals_siglip_forward_and_caches(tiny_siglip_dir, tmp_path):
    from transformers import AutoModel, AutoProcessor

    from fcpkit.matching.image import ImageTextMatcher

    images = _images()
    path = tmp_path / "shot.png"
    images[0].save(path)
    m = ImageTextMatcher(tiny_siglip_dir, max_text_length=16, batch_size=2)
    got = m.score(STATEMENTS, [path, images[1], images[2]])
    assert got.shape == (len(STATEMENTS), 3)
    assert ((got > 0) & (got < 1)).all()

    proc = AutoProcessor.from_pretrained(tiny_siglip_dir)
    model = AutoModel.from_pretrained(tiny_siglip_dir).eval()
    inp = proc(text=STATEMENTS, images=images, return_tensors="pt", padding="max_length", max_length=16)
    with torch.no_grad():
        ref = torch.sigmoid(model(**inp).logits_per_image).numpy().T
    np.testing.assert_allclose(got, ref, atol=1e-5)

    m.stats.reset()
    again = m.score(STATEMENTS, [path, images[1], images[2]])
    assert m.stats.forward_calls == 0
    np.testing.assert_array_equal(got, again)


def test_image_matcher_missing_and_corrupt(tiny_siglip_dir, tmp_path, monkeypatch):
    import shutil

    from fcpkit.matching.image import ImageTextMatcher

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelUnavailableError, match="google/siglip2-base-patch16-224"):
        ImageTextMatcher(cache_dir=tmp_path / "c").score(["a"], _images()[:1])
    folder = tmp_path / "broken"
    shutil.copytree(tiny_siglip_dir, folder)
    data = (folder / "model.safetensors").read_bytes()
    (folder / "model.safetensors").write_bytes(data[:100])
    with pytest.raises(ModelUnavailableError, match="could not be loaded"):
        ImageTextMatcher(folder).load()


# --------------------------------------------------------------------------------- hybrid


class _Const:
    def __init__(self, value, name="const"):
        self.value, self.name, self.calls = value, name, 0

    def score(self, statements, items):
        self.calls += 1
        return np.full((len(statements), len(items)), self.value)


def test_hybrid_mixes_text_and_image_only_where_a_screenshot_exists():
    from fcpkit.matching.hybrid import HybridMatcher

    h = HybridMatcher(text=_Const(0.5), image=_Const(1.0))
    out = h.score(["s1", "s2"], ["page a", "page b", "action c"], images=["img", None, None])
    np.testing.assert_allclose(out[:, 0], 0.8 * 0.5 + 0.2 * 1.0)
    np.testing.assert_allclose(out[:, 1:], 0.5)
    np.testing.assert_allclose(h.score(["s"], ["p"]), [[0.5]])
    np.testing.assert_allclose(h.score_action(["s"], ["click"]), [[0.5]])
    assert h.image_matcher.calls == 1
    with pytest.raises(Exception, match="one screenshot"):
        h.score(["s"], ["p", "q"], images=["img"])


def test_hybrid_with_tiny_real_models(tiny_nli_dir, tiny_siglip_dir):
    from fcpkit.matching.hybrid import HybridMatcher
    from fcpkit.matching.image import ImageTextMatcher
    from fcpkit.matching.nli import NLIMatcher

    nli = NLIMatcher(tiny_nli_dir)
    img = ImageTextMatcher(tiny_siglip_dir, max_text_length=16)
    h = HybridMatcher(text=nli, image=img, lam=0.8)
    pages = [_page(6), _page(6, "billing")]
    out = h.score(STATEMENTS, pages, images=_images()[:2])
    expected = 0.8 * nli.score(STATEMENTS, pages) + 0.2 * img.score(STATEMENTS, _images()[:2])
    np.testing.assert_allclose(out, expected, atol=1e-9)


# ------------------------------------------------------------------------------- registry


def test_registry_names_factories_and_availability(tiny_nli_dir, monkeypatch):
    from fcpkit.errors import ConfigError
    from fcpkit.matching import registry

    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    assert {"embedding", "nli", "image", "hybrid", "lexical"} <= set(registry.matcher_names())
    m = registry.get_matcher("nli", model=tiny_nli_dir)
    assert m.name == "nli" and not m.loaded  # lazy
    registry.register_matcher("const", lambda **kw: _Const(0.3, "const"))
    assert registry.get_matcher("const").score(["a"], ["b"])[0, 0] == 0.3
    with pytest.raises(ConfigError):
        registry.register_matcher("const", lambda **kw: _Const(0.1))
    with pytest.raises(ConfigError, match="unknown matcher"):
        registry.get_matcher("nope")
    registry.register_matcher("broken", "fcpkit.matching.does_not_exist:Nothing")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    avail = registry.available_matchers(names=["const", "broken", "nli", "image"])
    assert avail["const"].available
    assert not avail["broken"].available
    # default weights are not on this machine (or are, in which case it must say so cleanly)
    for name in ("nli", "image"):
        assert isinstance(avail[name].detail, str) and avail[name].detail
