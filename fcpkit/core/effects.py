"""What an action does to the world: ``read``, ``write`` or ``irreversible``, from the page.

The policy gate must not take a command's first word for its effect. BrowserGym runs every call
of a step (``select_option('51', 'Payments')\\nclick('59')`` assigns a ticket), Enter in a form
field submits the form, a click at coordinates lands on whatever is under the pointer, and
buttons say "OK", "Place your order", "Löschen" or show only a trash-can icon. So every call is
classified on its own, from the node it acts on as the page (the accessibility tree in
:attr:`Observation.text`) describes it:

* the node's role (a link navigates, a text box takes a value, a button or menu item acts),
  its accessible name, or for an icon-only control the names of its images and text;
* its place in the page: inside a ``form`` a button or Enter submits it (a ``search`` landmark
  is a GET form by convention, and ``method='get'`` is honoured when the page states it);
* the key: Enter (alone or with a modifier) submits; Space on a button clicks it; a typed text
  holding a newline presses Enter;
* coordinates: resolved to the smallest node whose box holds the point when the observation
  carries boxes (``extra["boxes"]``: ``{bid: [x, y, width, height]}``); otherwise unknown.

Anything the page cannot resolve (a bid not on the page, coordinates without boxes, an unknown
role, a command it refuses) is a **write**: the gate fails closed. The calls are read as BrowserGym
will run them (:mod:`fcpkit.core.action_calls`: parameters bound by name, defaults filled in), and a
command that another reader could take for other calls is refused (``StepEffect.refused``). A step is as strong as its
strongest call. The words that mark an irreversible action (delete, pay, send, approve, deny,
unsubscribe ...) are listed in several languages; a button whose words are unknown is a write,
never a read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fcpkit.core.action_calls import SIGNATURES, BoundCall, executed_calls
from fcpkit.core.page import Page, read_line
from fcpkit.core.trajectory import Observation

__all__ = [
    "EFFECT_ORDER",
    "PageNode",
    "CallEffect",
    "StepEffect",
    "step_effect",
    "effect_of",
    "name_effect",
    "page_nodes",
]

#: Effects from least to most consequential.
EFFECT_ORDER: dict[str, int] = {"read": 0, "write": 1, "irreversible": 2}

# -- words --------------------------------------------------------------------------------------
# Whole words (Latin, Cyrillic, Greek ... scripts) and substrings (CJK, which has no spaces).
_IRREVERSIBLE_WORDS = """
delete remove destroy erase purge wipe trash discard pay payment purchase buy checkout send transfer refund
approve deny decline reject confirm wire publish unsubscribe revoke terminate deactivate withdraw donate
uninstall overwrite ban
löschen entfernen kaufen bezahlen zahlen bestellen senden absenden überweisen erstatten genehmigen ablehnen
bestätigen abbestellen kündigen veröffentlichen
supprimer effacer retirer payer acheter commander envoyer virer rembourser approuver refuser rejeter
confirmer publier désabonner résilier valider
eliminar borrar quitar pagar comprar enviar transferir reembolsar aprobar rechazar denegar confirmar publicar
elimina eliminare cancella rimuovi paga pagare acquista compra invia inviare trasferisci rimborsa approva
rifiuta conferma pubblica
excluir apagar remover aprovar recusar rejeitar
verwijderen betalen kopen verzenden versturen overmaken terugbetalen goedkeuren afwijzen bevestigen
publiceren afmelden
usuń zapłać kup zamów wyślij przelej zatwierdź odrzuć potwierdź opublikuj
удалить оплатить купить заказать отправить перевести одобрить отклонить подтвердить опубликовать отписаться
sil öde gönder onayla reddet
حذف ادفع شراء إرسال تأكيد
""".split()
_IRREVERSIBLE_PHRASES = (
    r"check\s*out", r"place\s+(?:your\s+|the\s+)?order", r"order\s+now", r"buy\s+now", r"pay\s+now",
    r"cancel\s+(?:my\s+|the\s+|your\s+)?(?:subscription|order|account|membership|booking|reservation|payment)",
    r"close\s+(?:my\s+|the\s+|your\s+)?account", r"empty\s+(?:the\s+)?(?:trash|bin|cart)",
    r"satın\s+al", r"darse\s+de\s+baja", r"cancelar\s+(?:suscripción|inscrição|assinatura)",
    r"annulla\s+iscrizione", r"zahlungspflichtig",
)
_IRREVERSIBLE_CJK = "删除 移除 支付 付款 购买 下单 发送 转账 退款 批准 拒绝 确认 发布 退订 取消订阅 削除 支払 購入 注文 送信 送金 返金 承認 拒否 確認 公開 退会 登録解除 삭제 결제 구매 주문 전송 보내기 송금 환불 승인 거절 확인 게시".split()
_WRITE_WORDS = """
save submit assign update apply create add edit post close merge cancel archive reopen set change upload import
register enable disable rename move mark ok okay yes accept agree continue subscribe invite share follow like
vote book reserve join enroll sign upgrade restore reset grant
speichern übernehmen hinzufügen ändern weiter ja
enregistrer ajouter modifier soumettre oui
guardar añadir agregar modificar sí
salva aggiungi modifica
salvar adicionar sim
opslaan toevoegen wijzigen
zapisz dodaj zmień tak
сохранить добавить изменить да
""".split()
# Names that only look or move: a button with one of these names, outside a form that submits, reads.
_READ_NAMES = frozenset("""
search find filter filters go show view details more less expand collapse next previous prev back menu help
sort refresh reload open dismiss skip preview print copy home close-menu
suchen rechercher buscar cerca pesquisar zoeken szukaj поиск 搜索 検索 검색
""".split()) | frozenset({"show more", "show less", "no thanks", "not now", "maybe later", "learn more", "zoom in",
                          "zoom out", "toggle navigation", "open menu", "more options", "clear search", "view details"})
# A link navigates (GET); one that starts with these verbs still only opens a page.
_NAV_VERBS = frozenset("edit view open show go see browse read new create details back clear".split())
# ... and one that names a page ("Refund details", "Payment history") is a noun phrase, not a command.
_NAV_NOUNS = frozenset("details detail history policy policies status info information list page help settings "
                       "overview log summary options faq terms".split())

_WORDS_IRREV = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(_IRREVERSIBLE_WORDS, key=len, reverse=True)))
                          + "|" + "|".join(_IRREVERSIBLE_PHRASES) + r")(?!\w)", re.IGNORECASE)
_WORDS_WRITE = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, _WRITE_WORDS)) + r")(?!\w)", re.IGNORECASE)


def name_effect(name: str) -> str | None:
    """``irreversible`` / ``write`` when a control's name says so, ``read`` for a known look-only
    name, ``None`` when the words are unknown (the caller fails closed)."""
    text = " ".join((name or "").split())
    if not text:
        return None
    if _WORDS_IRREV.search(text) or any(w in text for w in _IRREVERSIBLE_CJK):
        return "irreversible"
    if _WORDS_WRITE.search(text):
        return "write"
    if re.sub(r"[^\w\s-]", "", text).strip().casefold() in _READ_NAMES:
        return "read"
    return None


# -- the page -----------------------------------------------------------------------------------
_INTERACTIVE = frozenset("button link menuitem menuitemcheckbox menuitemradio tab checkbox radio switch option "
                         "textbox searchbox combobox listbox spinbutton slider treeitem".split())
_VALUE_ROLES = frozenset("textbox searchbox combobox listbox option spinbutton checkbox radio slider tab treeitem "
                         "menuitemcheckbox menuitemradio".split())
_INERT = frozenset("statictext img image generic paragraph labeltext label none presentation cell gridcell row "
                   "rowheader columnheader heading listitem list group region main article section figure "
                   "blockquote strong emphasis time text table rowgroup separator banner contentinfo navigation "
                   "complementary note status alert log marquee term definition caption svgroot "
                   "graphics-symbol math superscript subscript code insertion deletion mark "
                   "rootwebarea document webarea".split())


@dataclass(frozen=True)
class PageNode:
    """One node of the accessibility tree: its bid, role, name, attributes and place (parent index)."""

    index: int
    bid: str | None
    role: str
    name: str
    attrs: str
    depth: int
    parent: int | None

    @property
    def focused(self) -> bool:
        return bool(re.search(r"(?:^|,)\s*focused\b", self.attrs))


def page_nodes(page: Page | str) -> tuple[PageNode, ...]:
    """The page's nodes with their place (parent position), as the classifier reads them (kept in its cache)."""
    if isinstance(page, str):
        page = Page.parse(page)
    hit = page.cache.get("effect_nodes")
    if hit is None:
        parents = page.parents
        hit = page.cache["effect_nodes"] = tuple(
            PageNode(i, n.bid, n.kind or (n.line.split(None, 1)[0].lower() if n.line else ""), n.name, n.attrs, n.depth,
                     parents[i] if parents[i] >= 0 else None)
            for i, n in enumerate(page.nodes))
    return hit


class _Page:
    def __init__(self, observation: Observation | None):
        page = Page.of(observation) if observation is not None else None
        self.page = page
        self.nodes = page_nodes(page) if page is not None else ()
        self.by_bid = {n.bid: n for n in self.nodes if n.bid}

    def ancestors(self, node: PageNode):
        p = node.parent
        while p is not None:
            yield self.nodes[p]
            p = self.nodes[p].parent

    def descendants(self, node: PageNode):
        for n in self.nodes[node.index + 1:]:
            if n.depth <= node.depth:
                break
            yield n

    def focused(self) -> PageNode | None:
        hits = [n for n in self.nodes if n.focused and n.role not in ("rootwebarea", "webarea", "document")]
        return hits[-1] if hits else None

    def at(self, x: float, y: float) -> PageNode | None:
        i = self.page.at(x, y) if self.page is not None else None
        return self.nodes[i] if i is not None else None


def _target_node(target: str | None) -> PageNode | None:
    """The executor's resolved target (``"button 'Assign'"``) as a node without a place."""
    if not target or not target.strip():
        return None
    n = read_line(target.strip().split("\n", 1)[0])
    if not n.role:
        return None
    return PageNode(0, n.bid, n.kind, n.name, n.attrs, 0, None)


# -- effects ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CallEffect:
    """One call of a step: what it is, the effect, and why (the node and the rule that decided)."""

    call: str
    effect: str
    reason: str


@dataclass(frozen=True)
class StepEffect:
    """A step's effect (its strongest call's) and each call's. ``refused``: the command is not one
    every reader takes for the same calls (:func:`fcpkit.core.action_calls.executed_calls`), so the
    gate did not guess at it and holds it as a write."""

    effect: str
    calls: tuple[CallEffect, ...]
    refused: bool = False

    @property
    def reason(self) -> str:
        strongest = [c for c in self.calls if c.effect == self.effect]
        return "; ".join(f"{c.call}: {c.reason}" for c in strongest[:3])


def _describe(node: PageNode) -> str:
    return f"{node.role} {node.name!r}" + (f" [{node.bid}]" if node.bid else "")


class _Classifier:
    def __init__(self, page: _Page, target: PageNode | None):
        self.page = page
        self.target = target

    def node(self, bid: Any, first: bool) -> PageNode | None:
        node = self.page.by_bid.get(str(bid)) if bid is not None else None
        if node is None and first and self.target is not None and (self.target.bid in (None, str(bid))):
            return self.target  # no page: the executor's resolved target stands in for the first call
        return node

    def form_of(self, node: PageNode) -> PageNode | None:
        for a in self.page.ancestors(node):
            if a.role in ("form", "search"):
                return a
        return None

    def click(self, node: PageNode | None) -> tuple[str, str]:
        if node is None:
            return "write", "target not on the page (unknown: fail closed)"
        if node.role in _INERT:
            owner = next((a for a in self.page.ancestors(node) if a.role in _INTERACTIVE), None)
            if owner is None:
                named = name_effect(node.name)
                if named in ("write", "irreversible"):  # an image or text with a handler, named for an act
                    return named, f"{_describe(node)} is named for an act"
                return "read", f"{_describe(node)} is not a control"
            inner = node.name
            node = owner
            if not node.name:
                node = PageNode(node.index, node.bid, node.role, inner, node.attrs, node.depth, node.parent)
        role = node.role
        name = node.name or " ".join(d.name for d in self.page.descendants(node) if d.name)
        by_name = name_effect(name)
        what = _describe(PageNode(node.index, node.bid, role, name, node.attrs, node.depth, node.parent))
        if role == "switch":
            return _max(by_name or "write", "write"), f"{what} toggles a setting"
        if role in _VALUE_ROLES:
            return "read", f"{what} takes a value (the write is the submit)"
        if role == "link":
            words = [w.casefold() for w in re.findall(r"\w+", name)]
            first_effect = name_effect(words[0]) if words else None
            if _NAV_NOUNS.intersection(words):
                first_effect = None
            if first_effect == "irreversible" or (first_effect == "write" and words[0] not in _NAV_VERBS):
                return first_effect, f"{what}: a link named for a {first_effect} act"
            return "read", f"{what} navigates"
        if role in ("button", "menuitem"):
            form = self.form_of(node)
            if by_name in ("irreversible", "write"):
                return by_name, f"{what} by its name"
            if form is not None and form.role == "form" and "method='get'" not in form.attrs.lower() \
                    and "type='button'" not in node.attrs:
                return "write", f"{what} submits its form"
            if by_name == "read":
                return "read", f"{what} only looks" + (" (search form)" if form is not None else "")
            return "write", f"{what}: unknown words (fail closed)"
        return "write", f"{what}: unknown role (fail closed)"

    def enter(self, node: PageNode | None, key: str) -> tuple[str, str]:
        if node is None:
            return "write", f"{key} with no known focus (fail closed)"
        if node.role in ("button", "link", "menuitem"):
            return self.click(node)
        if node.role == "textbox" and "multiline" in node.attrs and not re.search(r"control|meta", key, re.I):
            return "read", f"{key} in a multi-line box adds a line"
        form = self.form_of(node)
        if form is not None and form.role == "search":
            return "read", f"{key} in {_describe(node)} submits a search"
        if form is not None:
            if "method='get'" in form.attrs.lower():
                return "read", f"{key} submits a GET form"
            default = next((d for d in self.page.descendants(form) if d.role == "button"), None)
            if default is not None:
                eff, why = self.click(default)
                return _max(eff, "write"), f"{key} in {_describe(node)} submits its form ({why})"
            return "write", f"{key} in {_describe(node)} submits its form"
        if node.role == "searchbox":
            return "read", f"{key} in a search box"
        return "write", f"{key} in {_describe(node)} outside a form (page script unknown: fail closed)"

    def call(self, call: BoundCall, first: bool) -> tuple[str, str]:
        n = call.name
        if n in _READ_CALLS:
            if n == "goto" and str(call.get("url", "")).strip().lower().startswith("javascript:"):
                return "write", "a javascript: URL runs code"
            return "read", "does not act on the page"
        if n in ("fill", "select_option", "clear"):
            return "read", "enters a value (the write is the submit)"
        if n in ("click", "dblclick", "check", "uncheck"):
            return self.click(self.node(call.get("bid"), first))
        if n == "press":
            return self._key(self.node(call.get("bid"), first), str(call.get("key_comb", "")))
        if n in ("keyboard_press", "keyboard_down"):
            return self._key(self.page.focused(), str(call.get("key", "")))
        if n in ("keyboard_type", "keyboard_insert_text"):
            text = str(call.get("text", ""))
            if "\n" in text or "\r" in text:
                return self.enter(self.page.focused(), "a typed newline")
            return "read", "types text"
        if n in ("mouse_click", "mouse_dblclick", "mouse_up"):
            try:
                x, y = float(call.get("x")), float(call.get("y"))
            except (TypeError, ValueError):
                return "write", "coordinates unreadable (fail closed)"
            node = self.page.at(x, y)
            if node is None:
                return "write", f"nothing known at ({x:g}, {y:g}) (fail closed)"
            eff, why = self.click(node)
            return eff, f"at ({x:g}, {y:g}): {why}"
        if n in ("mouse_down", "keyboard_up", "mouse_move"):
            return "read", "half a gesture"
        return "write", f"{n} changes the page (fail closed)"

    def _key(self, node: PageNode | None, key: str) -> tuple[str, str]:
        if re.search(r"(?:^|\+)\s*(?:enter|return|numpadenter)\s*$", key, re.I):
            return self.enter(node, key)
        if key.strip().lower() in ("space", " ") and node is not None and node.role in ("button", "link", "menuitem", "switch"):
            return self.click(node)
        return "read", f"key {key!r}"


_READ_CALLS = frozenset({"noop", "scroll", "scroll_at", "hover", "focus", "go_back", "go_forward", "goto", "tab_focus",
                         "new_tab", "tab_close", "send_msg_to_user", "report_infeasible"})


def _max(*effects: str) -> str:
    return max(effects, key=lambda e: EFFECT_ORDER.get(e, 1))


def _render(call: BoundCall) -> str:
    """The call as the gate explains it: its name and the values it was given (defaults left out)."""
    given = [v for (p, default), v in zip(SIGNATURES[call.name], call.params.values()) if v != default]
    return f"{call.name}({', '.join(repr(x) for x in given)[:60]})"


def step_effect(command: str, observation: Observation | None = None, target: str | None = None) -> StepEffect:
    """Classify every call of ``command`` on ``observation`` (the page it will run on).

    ``target`` (the executor's resolved target) stands in for the first call's node when the page
    is not given or does not hold its bid. A command that BrowserGym could run as other calls than
    it reads (:func:`fcpkit.core.action_calls.executed_calls`) is refused: a write, ``refused``.
    Unresolvable nodes are writes.
    """
    try:
        calls = executed_calls(command)
    except ValueError as exc:
        return StepEffect("write", (CallEffect(str(command)[:80], "write", f"refused ({exc}): fail closed"),), refused=True)
    cls = _Classifier(_Page(observation), _target_node(target))
    out = []
    for i, call in enumerate(calls):
        eff, why = cls.call(call, i == 0)
        out.append(CallEffect(_render(call), eff, why))
    return StepEffect(_max(*(c.effect for c in out)), tuple(out))


def effect_of(command: str, observation: Observation | None = None, target: str | None = None) -> str:
    """The step's effect alone (see :func:`step_effect`)."""
    return step_effect(command, observation, target).effect
