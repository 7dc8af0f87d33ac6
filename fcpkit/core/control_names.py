"""What a control's name says it does (``irreversible``, ``write``, ``read`` or unknown), read from
the name as a person sees it, not as its code points spell it.

A name is read twice, and the stronger reading wins:

* **as written**, made canonical: NFKC (full-width ``Ｄｅｌｅｔｅ`` is ``Delete``, ligatures
  split), format characters removed (zero-width spaces and joiners, bidi controls, soft hyphens,
  variation selectors: ``Del\\u200bete`` is ``Delete``), and a pictograph that names an act replaced
  by its word (:data:`SYMBOL_ACTS`, keyed on the character's Unicode name: 🗑 WASTEBASKET deletes,
  💳 CREDIT CARD pays);
* **with look-alikes folded to Latin** (:data:`CONFUSABLES`): the Cyrillic and Greek letters that
  render like Latin ones (``Dеlete`` with a Cyrillic ``е``), and accents dropped. Only the folded
  reading of a word that means something in Latin letters can match; a Russian ``Удалить`` folds
  to nothing and keeps its reading as written.

A look-only reading (``read``) counts only as written, never folded: a name that needs folding to
say "Search" is not trusted to only look.

The word families are written from what the web's controls do in general, in several languages
(:data:`WORDS_VERSION` says which edition a test or a saved result was made with):

* irreversible anywhere in a name: deleting, paying, buying, sending, transferring, refunding,
  approving, denying, publishing, revoking, terminating, signing a contract, releasing funds,
  shutting down, liquidating ...;
* irreversible as the verb a clause opens with (*Block user*, *Drop database*, *Kill instance*,
  *Void invoice*, *Sell now*, *Bid*): as a noun these words name things (a code block, a drop
  zone, a bid history), so only an imperative counts;
* write: saving, submitting, assigning, finishing and proceeding, starting and stopping, signing in;
* read: names that only look or move (Search, Show more, Next).

Unknown words are ``None``: the caller fails closed (a write).
"""

from __future__ import annotations

import re
import unicodedata

from fcpkit.core.caches import page_cache

__all__ = ["WORDS_VERSION", "CONFUSABLES", "SYMBOL_ACTS", "canonical_name", "folded_name", "name_effect",
           "leading_effect", "READ_NAMES"]

#: The edition of the word families and the normalisation (2: look-alikes, pictographs, imperatives).
WORDS_VERSION = 2

#: Letters that render like Latin ones (Unicode's confusables for the Cyrillic and Greek blocks,
#: the common part), folded to the Latin letter they imitate.
CONFUSABLES: dict[str, str] = {
    **dict(zip("асеһіјкӏорԛѕхуԝѵԁАВЕКМНОРСТХУІЈЅԌӀ", "acehijklopqsxywvdABEKMHOPCTXYIJSGl")),  # Cyrillic
    **dict(zip("αεηικνορτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "aenikvoptuxwABEZHIKMNOPTYX")),  # Greek
    "ı": "i", "ȷ": "j", "ǀ": "l", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʏ": "y", "ᴅ": "d",  # Latin look-alikes NFKC keeps
}
#: Pictographs that name an act, by their Unicode character name.
SYMBOL_ACTS: dict[str, str] = {
    "WASTEBASKET": "delete", "CROSS MARK": "delete", "HEAVY MULTIPLICATION X": "delete", "CANCELLATION X": "delete",
    "BLACK SCISSORS": "delete", "CREDIT CARD": "pay", "MONEY WITH WINGS": "pay", "BANKNOTE WITH DOLLAR SIGN": "pay",
    "NO ENTRY": "block", "NO ENTRY SIGN": "block", "FLOPPY DISK": "save", "OUTBOX TRAY": "send",
}
_FOLD = str.maketrans(CONFUSABLES)
#: What renders as nothing beyond the format characters (category Cf, also removed): combining
#: grapheme joiner, Mongolian and Khmer invisible marks, Hangul fillers, variation selectors.
_INVISIBLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
                        "\U000e0100-\U000e01ef]")


def _symbol_word(ch: str) -> str:
    word = SYMBOL_ACTS.get(unicodedata.name(ch, ""))
    return f" {word} " if word else ch


@page_cache(8192, kind="statement")
def canonical_name(name: str) -> str:
    """``name`` as written, made canonical: NFKC, format characters removed, pictographs named."""
    text = unicodedata.normalize("NFKC", name or "")
    text = "".join(ch for ch in _INVISIBLE.sub("", text) if unicodedata.category(ch) != "Cf")
    text = "".join(_symbol_word(ch) if unicodedata.category(ch) == "So" else ch for ch in text)
    return " ".join(text.split())


@page_cache(8192, kind="statement")
def folded_name(name: str) -> str:
    """The canonical name with look-alike letters folded to Latin and accents dropped."""
    text = unicodedata.normalize("NFD", canonical_name(name).translate(_FOLD))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


# -- word families (edition WORDS_VERSION) -----------------------------------------------------------
_IRREVERSIBLE_WORDS = """
delete remove destroy erase purge wipe trash discard pay payment purchase buy checkout send transfer refund
approve deny decline reject confirm wire publish unsubscribe revoke terminate deactivate withdraw donate
uninstall overwrite ban disburse liquidate forfeit decommission deprovision shred expunge
löschen entfernen kaufen bezahlen zahlen bestellen senden absenden überweisen erstatten genehmigen ablehnen
bestätigen abbestellen kündigen veröffentlichen verkaufen sperren blockieren unterschreiben unterzeichnen stornieren
supprimer effacer retirer payer acheter commander envoyer virer rembourser approuver refuser rejeter
confirmer publier désabonner résilier valider vendre enchérir bloquer signer
eliminar borrar quitar pagar comprar enviar transferir reembolsar aprobar rechazar denegar confirmar publicar
vender pujar bloquear firmar anular
elimina eliminare cancella rimuovi paga pagare acquista compra invia inviare trasferisci rimborsa approva
rifiuta conferma pubblica vendi vendere blocca bloccare firma
excluir apagar remover aprovar recusar rejeitar assinar
verwijderen betalen kopen verzenden versturen overmaken terugbetalen goedkeuren afwijzen bevestigen
publiceren afmelden verkopen blokkeren ondertekenen
usuń zapłać kup zamów wyślij przelej zatwierdź odrzuć potwierdź opublikuj sprzedaj zablokuj podpisz licytuj
удалить оплатить купить заказать отправить перевести одобрить отклонить подтвердить опубликовать отписаться
продать заблокировать подписать аннулировать
sil öde gönder onayla reddet engelle imzala
حذف ادفع شراء إرسال تأكيد بيع حظر
""".split()
_IRREVERSIBLE_PHRASES = (
    r"check\s*out", r"place\s+(?:your\s+|the\s+)?order", r"order\s+now", r"buy\s+now", r"pay\s+now",
    r"cancel\s+(?:my\s+|the\s+|your\s+)?(?:subscription|order|account|membership|booking|reservation|payment)",
    r"close\s+(?:my\s+|the\s+|your\s+)?account", r"empty\s+(?:the\s+)?(?:trash|bin|cart)",
    r"satın\s+al", r"darse\s+de\s+baja", r"cancelar\s+(?:suscripción|inscrição|assinatura)",
    r"annulla\s+iscrizione", r"zahlungspflichtig",
    r"sell\s+now", r"bid\s+now", r"place\s+(?:a\s+|your\s+|my\s+)?bid", r"submit\s+(?:a\s+|your\s+|my\s+)?bid",
    r"release\s+(?:the\s+|all\s+)?(?:funds|payments?|escrow|money|hold)",
    r"sign\s+(?:the\s+|this\s+)?(?:contract|agreement|document|lease|offer|deal|nda|waiver)",
    r"shut\s*down", r"power\s+off", r"pay\s+out", r"write[\s-]+off", r"gebot\s+abgeben", r"fai\s+un'offerta",
)
#: Verbs that act only as the word a clause opens with: as nouns they name things.
_LEADING_IRREVERSIBLE = frozenset("block drop kill void sell bid nuke".split())
_IRREVERSIBLE_CJK = ("删除 移除 支付 付款 购买 下单 发送 转账 退款 批准 拒绝 确认 发布 退订 取消订阅 出售 卖出 出价 竞拍 屏蔽 拉黑 签署 作废 "
                     "削除 支払 購入 注文 送信 送金 返金 承認 拒否 確認 公開 退会 登録解除 売却 入札 ブロック 署名 "
                     "삭제 결제 구매 주문 전송 보내기 송금 환불 승인 거절 확인 게시 판매 입찰 차단 서명").split()
_WRITE_WORDS = """
save submit assign update apply create add edit post close merge cancel archive reopen set change upload import
register enable disable rename move mark ok okay yes accept agree continue subscribe invite share follow like
vote book reserve join enroll sign upgrade restore reset grant finish proceed complete deploy start stop restart
reboot launch schedule resolve suspend pause resume
speichern übernehmen hinzufügen ändern weiter ja fertig abschließen
enregistrer ajouter modifier soumettre oui terminer continuer
guardar añadir agregar modificar sí finalizar continuar
salva aggiungi modifica avanti
salvar adicionar sim concluir
opslaan toevoegen wijzigen doorgaan voltooien
zapisz dodaj zmień tak dalej zakończ
сохранить добавить изменить да продолжить готово завершить
""".split()
#: Names that only look or move: a button with one of these names, outside a form that submits, reads.
READ_NAMES = frozenset("""
search find filter filters go show view details more less expand collapse next previous prev back menu help
sort refresh reload open dismiss skip preview print copy home close-menu
suchen rechercher buscar cerca pesquisar zoeken szukaj поиск 搜索 検索 검색
""".split()) | frozenset({"show more", "show less", "no thanks", "not now", "maybe later", "learn more", "zoom in",
                          "zoom out", "toggle navigation", "open menu", "more options", "clear search", "view details"})

_IRREV = r"(?:" + "|".join(map(re.escape, sorted(_IRREVERSIBLE_WORDS, key=len, reverse=True))) + "|" \
         + "|".join(_IRREVERSIBLE_PHRASES) + r")"
_WORDS_IRREV = re.compile(r"(?<!\w)" + _IRREV + r"(?!\w)", re.IGNORECASE)
_WORDS_WRITE = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, _WRITE_WORDS)) + r")(?!\w)", re.IGNORECASE)
_CLAUSES = re.compile(r"[,;:!?.()\[\]|/–—]|\s-\s")
_FIRST_WORD = re.compile(r"\w+(?:-\w+)*")
_AFFIRM = frozenset("yes ok okay please confirm ja oui sí si sim tak да".split())


def _clause_heads(text: str) -> list[str]:
    """Each clause of ``text`` from its first word on, past a leading "Yes," / "Please"."""
    heads = []
    for clause in _CLAUSES.split(text):
        words = clause.split()
        while len(words) > 1 and words[0].casefold() in _AFFIRM:
            words = words[1:]
        if words:
            heads.append(" ".join(words))
    return heads


def _acts(text: str) -> str | None:
    if _WORDS_IRREV.search(text) or any(w in text for w in _IRREVERSIBLE_CJK):
        return "irreversible"
    for head in _clause_heads(text):
        first = _FIRST_WORD.match(head)
        if first and first.group(0).casefold() in _LEADING_IRREVERSIBLE:
            return "irreversible"
    return "write" if _WORDS_WRITE.search(text) else None


@page_cache(8192, kind="statement")
def name_effect(name: str) -> str | None:
    """``irreversible`` / ``write`` when a control's name says so (as written or with look-alikes
    folded), ``read`` for a known look-only name as written, ``None`` when the words are unknown
    (the caller fails closed)."""
    written, folded = canonical_name(name), folded_name(name)
    if not written:
        return None
    found = [e for e in (_acts(written), _acts(folded) if folded != written else None) if e]
    if found:
        return "irreversible" if "irreversible" in found else "write"
    if re.sub(r"[^\w\s-]", "", written).strip().casefold() in READ_NAMES:
        return "read"
    return None


def leading_effect(name: str, nav_verbs: frozenset[str] = frozenset()) -> str | None:
    """The act a clause of ``name`` opens with (a link "Delete", "Yes, void invoice", "Release funds"),
    irreversible before write; ``None`` when no clause opens with an act. A link is read this way:
    its name is a command only where it starts with one ("Refund details" names a page).
    ``nav_verbs``: verbs that open a page rather than act ("Edit", "Create"): no write on their own."""
    best = None
    for text in {canonical_name(name), folded_name(name)}:
        for head in _clause_heads(text):
            first = _FIRST_WORD.match(head)
            if first is None:
                continue
            word = first.group(0).casefold()
            if re.match(_IRREV + r"(?!\w)", head, re.IGNORECASE) or word in _LEADING_IRREVERSIBLE \
                    or any(head.startswith(w) for w in _IRREVERSIBLE_CJK):
                return "irreversible"
            if word not in nav_verbs and name_effect(first.group(0)) == "write":
                best = "write"
    return best
