"""The message catalogs: complete in every language, their placeholders and plural forms the English ones, up to
date with what the code marks, compiled, and English unchanged by a character.

The catalogs are ``nomercy/locale/<locale>/LC_MESSAGES/nomercy.po`` (Babel's tools keep them; the build compiles
them: ``hatch_build.py``); what is in them and how to change them is in docs/architecture.md.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nomercy.core import wording
from nomercy.core.i18n import LANGUAGES, LOCALE_DIR, LOCALES, PLURAL_RULES, SOURCE, placeholders, words

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE_DIR / "nomercy.pot"
babel = pytest.importorskip("babel")  # the test extra installs it (pybabel)

from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402


def _hook() -> object:
    """``hatch_build.py``, the build's hook (its checks are the build's)."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _catalog(lang: str) -> object:
    with (LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / "nomercy.po").open("rb") as file:
        return read_po(file)


def _ids(catalog: object) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}  # type: ignore[attr-defined]


def test_the_template_holds_every_message_the_code_marks() -> None:
    """What ``pybabel extract`` finds (with babel.cfg) is the template's messages: none marked and left out."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = {message[2] if isinstance(message[2], str) else message[2][0]
             for message in extract_from_dir(str(ROOT), method_map, options_map, keywords={
                 "_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "n_": (1, 2)})}
    with TEMPLATE.open("rb") as file:
        template = _ids(read_po(file))
    assert found == template, ("run the extract and update commands of docs/architecture.md: "
                               f"new {sorted(found - template)[:5]}, gone {sorted(template - found)[:5]}")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_catalog_is_complete_with_the_englishs_placeholders(lang: str) -> None:
    catalog = _catalog(lang)
    with TEMPLATE.open("rb") as file:
        assert _ids(catalog) == _ids(read_po(file))
    assert _hook().catalog_problems(catalog) == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_compiled_catalog_is_the_catalog(lang: str, tmp_path: Path) -> None:
    """The ``.mo`` that the package reads is the ``.po`` compiled (after an edit: pip install -e . compiles)."""
    fresh = tmp_path / "fresh.mo"
    with fresh.open("wb") as file:
        write_mo(file, _catalog(lang))
    shipped = LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / "nomercy.mo"
    assert shipped.read_bytes() == fresh.read_bytes(), "compile the catalogs again: pip install -e . (or pybabel compile)"


def test_a_catalog_entry_that_lost_a_placeholder_stops_the_build(tmp_path: Path) -> None:
    shutil.copytree(LOCALE_DIR, tmp_path / "nomercy" / "locale")
    po = tmp_path / "nomercy" / "locale" / "sv" / "LC_MESSAGES" / "nomercy.po"
    text = po.read_text(encoding="utf-8")
    broken = text.replace('msgstr "Ertappa {name}!"', 'msgstr "Ertappa namn!"')
    assert broken != text
    po.write_text(broken, encoding="utf-8")
    with pytest.raises(ValueError, match=r"Catch \{name\}!.*placeholders"):
        _hook().compile_catalogs(tmp_path)  # type: ignore[attr-defined]
    po.write_text(text.replace('msgstr "Avbryt"', 'msgstr ""'), encoding="utf-8")
    with pytest.raises(ValueError, match="'Cancel' is fuzzy or not translated"):
        _hook().compile_catalogs(tmp_path)  # type: ignore[attr-defined]


def test_english_is_the_message_itself() -> None:
    english = words(SOURCE)
    with TEMPLATE.open("rb") as file:
        for message in read_po(file):
            if isinstance(message.id, str) and message.id:
                assert english.gettext(message.id) == message.id
    assert english.catalog() == {}
    assert english.gettext(wording.ROUND_STARTS, number=3, rules="No Mercy") == "Round 3: No Mercy rules."
    assert [english.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_a_translation_follows_the_term_tables() -> None:
    """The words of the table are the term tables' (nomercy/teaching/terms)."""
    from nomercy.teaching.terminology import term_table

    for lang in LOCALES:
        table, said = term_table(lang), words(lang).gettext
        for english, (section, key) in {"draw pile: {count}": ("glossary", "draw pile"),
                                        "top card": ("glossary", "top card"), "knocked out": ("glossary", "knocked out"),
                                        "color in force": ("glossary", "color in force"), "red": ("colors", "red"),
                                        "clockwise": ("table", "clockwise"), "direction": ("table", "direction")}.items():
            term = table.entry(section, key).term
            assert term.lower() in said(english).lower(), (lang, english, term)


_ENGLISH_ONLY = {"the", "and", "or", "none", "you", "your", "with", "not", "out", "of", "to", "is", "are", "this",
                 "that", "from", "which", "who", "when", "where", "what", "any", "each", "every", "more", "less", "than",
                 "then", "must", "may", "can", "cannot", "will", "would", "should", "have", "has", "been", "was", "were",
                 "be", "it", "its", "they", "their", "them", "at", "by", "for", "if", "but", "no", "yes", "one", "two",
                 "card", "cards", "player", "players", "draw", "round", "turn", "wins", "plays", "play"}
"""English words that are no word of Swedish or French (hand, in, all and on are words of both: left out)."""


def _outside_code(text: str) -> str:
    """A translation without what it quotes as it is: code, notation, placeholders, links, commands and tags."""
    for pattern in (r"`[^`]*`", r"\{\w+\}", r"'[^']*'", r"\]\([^)]*\)", r"https?://\S+", r"<[^>]+>",
                    r"[«“”\"][^«»“”\"]*[»”\"]", r"nomercy \w+"):
        text = re.sub(pattern, "", text)
    return text


@pytest.mark.parametrize("lang", list(LOCALES))
def test_no_translation_keeps_an_english_word_outside_code(lang: str) -> None:
    """A code value left in a sentence ("eller none", issue 41's mercy ruling) is English to its reader: a value a
    sentence names is said in the language's words, or quoted as code."""
    found = []
    for message in _catalog(lang):  # type: ignore[attr-defined]
        if not message.id:
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            english = set(re.findall(r"(?<![\w'-])[a-z]+(?![\w'-])", _outside_code(text))) & _ENGLISH_ONLY
            if english:
                found.append(f"{sorted(english)} in {text[:100]!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_persons_seat_has_the_languages_word(lang: str) -> None:
    """The seat called You is named by the language's word where it stands alone (issue 41: "You: out" at the round's
    end), and "you" in any case is that seat."""
    from nomercy.core.seat_words import label

    assert label("You", lang) == label("you", lang) != "You"
    assert label("Ann", lang) == "Ann" and label("You", "en") == "You"


_LESSONS_DOOR = ("Every rule explained at length, with whole rounds to step through: longer reading, made for a computer's "
                 "screen.")
_ENGLISH_IN = {"sv": "engelska", "fr": "anglais", "zh-Hant": "英文"}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_lessons_door_says_the_lessons_are_in_english(lang: str) -> None:
    """The notebooks stay in English (issue 41), so the landing page's Lessons door says so in every other language:
    a Swedish, French and Chinese reader each opened it and met a wholly English Lab without a word of warning."""
    assert _ENGLISH_IN[lang] in words(lang).gettext(_LESSONS_DOOR)


_CSS_FILES = sorted([*(ROOT / "nomercy" / "widgets" / "static").glob("*.css"), *(ROOT / "site" / "app").glob("*.css")])


@pytest.mark.parametrize("css", _CSS_FILES, ids=lambda path: path.name)
def test_no_style_sheet_writes_a_word(css: Path) -> None:
    """A word a style sheet writes (``content: " (you)"``) reaches no catalog: every language showed "Du (you)". A
    content of marks (▸, a colon) or of an attribute the page filled in its language is fine."""
    written = [m.group(0) for m in re.finditer(r"content\s*:[^;}]*", css.read_text(encoding="utf-8"))
               if any(re.search(r"[^\W\d_]", literal) for literal in re.findall(r'"([^"]*)"|\'([^\']*)\'', m.group(0))
                      for literal in literal if literal)]
    assert not written, written


_PLURAL_JS = """
const source = require("fs").readFileSync(process.argv[1], "utf8");
const line = source.split("\\n").find((l) => l.startsWith("const PLURAL = "));
const PLURAL = eval("(" + line.slice("const PLURAL = ".length).replace(/;$/, "") + ")");
const counts = JSON.parse(process.argv[2]);
console.log(JSON.stringify(Object.fromEntries(Object.entries(PLURAL).map(([k, f]) => [k, counts.map(f)]))));
"""


@pytest.mark.parametrize("script", ["site/app/lang.js", "nomercy/widgets/static/game_table.js"])
def test_the_pages_plural_rules_are_the_catalogs(script: str) -> None:
    """The JavaScript's plural rule of each language picks the form the catalog's Plural-Forms picks."""
    node = shutil.which("node") or pytest.skip("node is not installed")
    counts = [0, 1, 2, 3, 5, 11, 21, 100, 999_999, 1_000_000, 1_000_001, 2_000_000]
    ran = subprocess.run([node, "-e", _PLURAL_JS, str(ROOT / script), json.dumps(counts)], capture_output=True,
                         text=True, check=True)
    rules = json.loads(ran.stdout)
    for lang, rule in PLURAL_RULES.items():
        if lang == SOURCE:
            assert rules[rule] == [0 if n == 1 else 1 for n in counts]
            continue
        compiled = words(lang)._catalog  # the compiled catalog's own rule (gettext's, from its Plural-Forms)
        assert rules[rule] == [compiled.plural(n) for n in counts], lang  # type: ignore[attr-defined]


def test_every_language_is_named_in_its_own_words_and_has_a_catalog() -> None:
    assert set(LANGUAGES) == {SOURCE, *LOCALES}
    for lang in LOCALES:
        assert words(lang).gettext("Cancel") != "Cancel"


@pytest.mark.parametrize("script", ["site/app/page.js", "site/app/lang.js", "nomercy/widgets/static/game_table.js"])
def test_no_message_is_marked_inside_a_template_string(script: str) -> None:
    """Babel's JavaScript extractor does not read inside `...${}...`: a message marked there would never reach
    the catalogs, and would show in English in every language."""
    text = (ROOT / script).read_text(encoding="utf-8")
    assert not re.findall(r"\$\{\s*n?_\(", text), f"{script}: mark the message outside the template string"


def _translations(lang: str) -> list[tuple[str, str]]:
    """Every translated text of ``lang`` in both catalogs (nomercy and puzzles), with its English: each plural form."""
    found = []
    for domain in ("nomercy", "puzzles"):
        with (LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
            for message in read_po(file):
                if not message.id:
                    continue
                english = message.id if isinstance(message.id, str) else message.id[0]
                found += [(english, text) for text in (message.string if isinstance(message.string, tuple)
                                                       else (message.string,))]
    return found


def _french_running_text(english: str, text: str) -> str:
    """A French translation without what it keeps as it is: code, placeholders, links, tags, commands in quotes,
    clock times, and a word with a colon it keeps from the English (a publication's title, ``jump_in: true``)."""
    for pattern in (r"`[^`]*`", r"\{\w+\}", r"https?://\S+", r"<[^>]+>", r"\]\([^)]*\)", r"'[^']*'", r"\d:\d"):
        text = re.sub(pattern, "§", text)
    return re.sub(r"[^\s\u202f]+:", lambda m: "§" if m.group(0) in english else m.group(0), text)


def test_every_french_text_has_french_typography() -> None:
    """French puts a narrow no-break space (U+202F) before : ; ! ? and inside « », and writes a share "32 %" and a
    decimal "0,56" (a reader saw "32%", "0.56 s", «ordinary spaces» that broke a line inside the quotes)."""
    wrong = []
    for english, text in _translations("fr"):
        running = _french_running_text(english, text)
        for pattern in (r"(?<!\u202f)[;:!?]", r"«(?!\u202f)", r"(?<!\u202f)»", r"\d%", r"\d\.\d"):
            wrong += [f"{pattern}: ...{running[max(0, m.start() - 30):m.end() + 10]}..."
                      for m in re.finditer(pattern, running)]
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("lang", ["sv", "fr"])
def test_a_share_and_a_decimal_are_written_as_the_language_writes_them(lang: str) -> None:
    """The code writes a share ``f"{share:.0%}"`` and a number with a decimal point; Swedish and French write "32 %"
    and "0,56" (the coach's tip said "vann 32%", "il a gagné 32%")."""
    from nomercy.core.i18n import in_figures

    tip = "In {rounds} imagined rounds it won {chance}."
    said = words(lang).gettext(tip, rounds=50, chance="32%")
    assert "32\u202f%" in said and "32%" not in said
    assert in_figures("32% ± 8", lang) == "32\u202f% ± 8" and in_figures(0.56, lang) == "0,56"
    assert words("en").gettext(tip, rounds=50, chance="32%") == "In 50 imagined rounds it won 32%."
    assert in_figures(0.56, "en") == 0.56 and in_figures("Bo", lang) == "Bo" and in_figures(7, lang) == 7


def test_swedish_draw_cards_take_one_article() -> None:
    """docs/terms-sv.md: a draw card is common gender everywhere, like a counted card (en tvåa): en dra-två, en
    dra-sex, din byt riktning dra-fyra (the reader met both "en dra-två" and "ett dra-två"); "en miss" too."""
    neuter = re.compile(r"\b(ett|det|detta|ditt|sitt|mitt|vilket|något|inget|annat|eget)\s+((rött|gult|grönt|blått)\s+)?"
                        r"(dra-(två|fyra|sex|tio)\b|byt riktning dra-fyra)", re.I)
    found = [text for _, text in _translations("sv") if neuter.search(text) or re.search(r"\bett miss\b", text)]
    assert not found, found[:5]


def _choice_whys(lang: str) -> list[str]:
    with (LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / "puzzles.po").open("rb") as file:
        return [m.string for m in read_po(file) if m.id and any("choice why" in c for c in m.auto_comments)]


@pytest.mark.parametrize("lang", ["sv", "fr"])
def test_a_wrong_answers_why_is_a_whole_sentence_after_a_whole_sentence(lang: str) -> None:
    """A wrong pick shows "Where this goes wrong: {why}"; the reader met "Här blir det fel: Glömmer
    riktningsbytet: ..." (no subject, a capital after a colon). The heading ends a sentence, and each why is one,
    with its subject (Du glömde ..., Vous oubliez ...)."""
    heading = words(lang).gettext("Where this goes wrong: {why}", why="X")
    assert heading.endswith(". X"), heading
    subjectless = {"sv": r"^(Glömmer|Räknar|Behandlar|Missar)\b", "fr": r"^(Oublie|Compte|Traite|Confond)\b"}[lang]
    whys = _choice_whys(lang)
    assert whys and not [why for why in whys if re.match(subjectless, why) or not why[:1].isupper()
                         and not why[:1].isdigit()]


def test_french_says_one_word_for_stacking_and_one_for_a_wild() -> None:
    """docs/terms-fr.md: stacking is surenchérir (cumul, the noun); renvoyer is only the Inverser +4 sending a
    penalty back; a wild is a joker, as the French cards print it (a reader met four words for stacking and a
    JOKER card called carte blanche)."""
    found = []
    for english, text in _translations("fr"):
        if re.search(r"cartes? blanches?", text) and "Wild Color Roulette" not in text:
            found.append(text)
        for m in re.finditer(r"\brenvo(?:i|y|ie)\w*", text):
            sentence = re.split(r"(?<=[.;?!])\s", text[:m.start()])[-1] + text[m.start():].split(".")[0]
            if not re.search(r"Inverser \+4|à l'envoyeur|vous renvoie la pénalité|renvoient ici|le renvoie dans la boîte",
                             sentence):
                found.append(sentence)
        if re.search(r"\bempil\w*", text) and "s'empilent" not in text:
            found.append(text)
    assert not found, "\n".join(found[:10])


def test_a_french_line_about_another_seat_is_in_the_third_person() -> None:
    """A line about another seat speaks of that seat, never to the person ("Sam doit ... : renvoyez la pénalité"
    read as an order to the reader); only a line about the person's own seat says "vous" or an imperative."""
    about_another = re.compile(r"pending for \{player\}|^\{player\} must answer|^\{player\} cannot")
    imperative = re.compile(r"(?<![Vv]ous )\b\w+ez\b(?!-vous)")
    found = [text for english, text in _translations("fr") if about_another.search(english) and imperative.search(text)]
    assert not found, found[:5]
    said = words("fr").ngettext("{count} card is now pending for {player}: answer with a draw card worth +{minimum} "
                                "or more, or draw it.", "{count} cards are now pending for {player}: answer with a "
                                "draw card worth +{minimum} or more, or draw them.", 4, player="Sam", minimum=4)
    assert said == "Sam doit maintenant piocher 4 cartes, à moins de surenchérir avec une carte +X d'au moins +4."


def test_a_swedish_card_name_that_is_a_verb_phrase_reads_as_a_name() -> None:
    """docs/terms-sv.md: Hoppa över, Byt riktning, Hoppa över alla, Släng alla and Byt riktning dra-fyra are written
    with a capital wherever they stand (a reader parsed "När du lägger släng alla läggs ..." as an order); only the
    verb stays lower case ("hoppa över {player}")."""
    from nomercy.core.said import card_name
    from nomercy.core.cards import Card

    bare = re.compile(r"\b(hoppa över|släng alla|byt riktning)\b(?! \{player\})")
    found = [text for _, text in _translations("sv") if bare.search(text)]
    assert not found, found[:5]
    assert [card_name(Card.parse(c), "sv") for c in ("y skip-all", "blue discard-all", "wild reverse +4")] == [
        "gul Hoppa över alla", "blå Släng alla", "Byt riktning dra-fyra"]


def test_swedish_says_a_card_under_the_pile_lies_under_it() -> None:
    """A card turned up at the deal or discarded under a Släng alla "hamnar under": "begravd" was English's buried
    word for word (a reader of issue 41)."""
    assert not [text for _, text in _translations("sv") if re.search(r"\bbegrav", text)]

def _chinese_sentences() -> list[str]:
    """Every Chinese sentence of both catalogs (the game's and the puzzles')."""
    found = []
    for domain in ("nomercy", "puzzles"):
        with (LOCALE_DIR / LOCALES["zh-Hant"] / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
            for message in read_po(file):
                if message.id:
                    found += message.string if isinstance(message.string, tuple) else [message.string]
    return found


def test_the_roulette_is_never_called_a_draw_card_in_chinese() -> None:
    """「萬用顏色抽牌」 made two Taiwanese readers (issue 41) hear a draw card (抽牌), the one thing the roulette is
    not; the card is 萬用顏色輪盤 everywhere: the term table, both catalogs, the Learn stages' titles."""
    from nomercy.teaching.terminology import term_table

    table, said = term_table("zh-Hant"), words("zh-Hant").gettext
    assert table.entry("faces", "WILD_ROULETTE").term == "萬用顏色輪盤"
    assert said("wild roulette") == said("The wild roulette") == "萬用顏色輪盤"
    assert said("The roulette does not stack").startswith("萬用顏色輪盤")
    assert not [s for s in _chinese_sentences() if "顏色抽牌" in s]


_CJK = "[\u3400-\u9fff]"
_NUMBERS = ("chance", "mistakes", "close_calls", "decisions", "moves", "back", "hints", "seconds", "count", "new")
"""Placeholders filled with a number and its measure (29%, 13 秒, 21 個決定), as the Chinese sentences use them."""


def test_chinese_writes_parentheses_full_width_around_its_own_words() -> None:
    """Issue 41 (a Taiwanese reader): 「你的手牌 (7)」, 「頂牌 (點一張牌)」 mixed half-width parentheses into Chinese.
    Parentheses in a Chinese sentence are full-width （…）, with no space before them; the words the pages add in
    parentheses after a label (a hand's count, how to fill a field, the order of play) come through one message."""
    assert words("zh-Hant").gettext(" ({what})", what="7 張牌") == "（7 張牌）"
    half = [s for s in _chinese_sentences() if re.search(r"\([^()]*" + _CJK + r"[^()]*\)|" + _CJK + r" ?\(", s)]
    assert not half, half[:5]


def test_chinese_puts_a_space_between_its_words_and_a_number() -> None:
    """The house style (docs/terms-zh-Hant.md): a space between Chinese and a number in a sentence (25 張, 第 3 個動作,
    用了 13 秒), but none inside a card's name (紅色5) or the mercy rule's (25張淘汰). Issue 41 found 「用了13 秒」,
    「中有0 個失誤」, 「贏了29%」 and 「紅色 9」 beside 「紅色9」."""
    numbers = "|".join(_NUMBERS)
    for sentence in _chinese_sentences():
        bare = sentence.replace("25張淘汰", "")
        assert not re.search(r"[紅黃綠藍]色 [0-9]", bare), sentence  # a card's name is one word
        bare = re.sub(r"[紅黃綠藍]色[0-9]", "", bare)
        assert not re.search(_CJK + r"[0-9]|[0-9]" + _CJK, bare), sentence
        assert not re.search(_CJK + r"\{(" + numbers + r")\}", sentence), sentence
        assert not re.search(_CJK + r"(`[a-z-]+`|\[`)", sentence), sentence  # a ruling or a source named in it


def test_a_chinese_rule_has_one_name_and_a_hand_is_never_a_deck() -> None:
    """Issue 41: the Learn stages said 「7 交換手牌」 and 「0 讓所有手牌傳下去」 where the rulebook and the rule card say
    7 換手 and 0 傳手牌, and the feedback links put the two side by side; and 「整副手牌」 takes 副, the measure word
    of a whole deck, for a hand (整手牌)."""
    from nomercy.teaching.terminology import ruling_titles

    titles, said = ruling_titles("zh-Hant"), words("zh-Hant").gettext
    assert said("A seven swaps hands") == titles["seven"] and said("A zero passes every hand") == titles["zero"]
    assert not [s for s in _chinese_sentences() if "整副手牌" in s]


_ONE_WORD = {
    "的累積罰抽現在是": "面對 … 張累積罰抽: the total is aimed at a player, it is not theirs",
    "忘喊": "漏喊, the glossary's word for a missed call",
    "UNO 的罰牌": "罰抽: 罰牌 are the draw cards",
    "質疑": "挑戰 (加四挑戰), the challenge's one word",
    "步數": "動作數上限: a move is 動作",
    "打中": "受罰 or 作用在: 打中 is a literal 'hits'",
    "被打到": "受罰的人, as the Chinese source says of the roulette's victim (受罰的下家)",
    "中文解讀": "中文整理, the Chinese source's name",
    "瑞典語": "瑞典文, as the other sources",
    "懸而未決": "the pending draw is 算在他頭上 until he answers",
}
"""Words a Taiwanese reader of issue 41 found used for an idea that has another word elsewhere, or translated word
for word, with the word the pages use instead."""


@pytest.mark.parametrize("wrong", list(_ONE_WORD))
def test_chinese_says_each_idea_with_one_word(wrong: str) -> None:
    from nomercy.teaching.terminology import ruling_titles, term_table

    assert not [s for s in _chinese_sentences() if wrong in s], _ONE_WORD[wrong]
    table = term_table("zh-Hant")
    assert not [e.term for e in table.entries if wrong in e.term] and wrong not in table.about_said
    assert wrong not in "".join(ruling_titles("zh-Hant").values())


def test_chinese_calls_the_rule_card_by_one_name() -> None:
    """The header's tab and the rules index called the rule card 「玩法」, the page it opens 「規則卡」."""
    from nomercy.teaching.terminology import term_table

    assert words("zh-Hant").gettext("How to play") == term_table("zh-Hant").entry("table", "rule card").term
