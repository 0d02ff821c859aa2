"""Expand a hunspell .dic/.aff pair into every word form it accepts (no compounds).

The one expander of the package: ``ruzzle compile`` (through
``dictionary.expand_hunspell``) and the build of the bundled dictionaries
(``raw_languages/build.py``) both use it, so a user's hunspell dictionary is
expanded exactly as the bundled ones are.

Debian's `unmunch` gets several of our dictionaries wrong: it ignores NEEDAFFIX,
so French (every root carries NEEDAFFIX and takes a zero suffix) comes out at a
quarter of its size, and it leaks ONLYINCOMPOUND stems of German and English.
This expander follows the hunspell rules we rely on:

- flag types: single character (default), `long`, `num`, `UTF-8`, and `AF` aliases;
- a root is a word unless it has NEEDAFFIX, ONLYINCOMPOUND or FORBIDDENWORD;
- suffixes, a second suffix from the first one's continuation flags, and a prefix
  crossed with either when both sides allow cross products;
- an affix flagged NEEDAFFIX yields no word by itself, only with a further affix;
- CIRCUMFIX affixes only as a prefix + suffix pair.
- conditions as hunspell defines them (characters, '.', [...] and [^...]); anything
  else, an undefined flag alias or a SET naming no character set is refused, naming its line.

Affixes whose added text holds characters no Ruzzle word can hold (apostrophes,
hyphens, dots, digits) are skipped outright: Italian and French elisions
(`l'`, `dell'`, `qu'`) would otherwise multiply the output tenfold.
"""
from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

__all__ = ["HunspellError", "UNSPELLABLE", "entries", "expand", "parse_aff"]

UNSPELLABLE = re.compile(r"[\d'’.\-/ ]")


# hunspell's names for character sets that are not Python's (keys lower case).
CHARSETS = {"utf8": "utf-8", "microsoft-cp1251": "cp1251", "microsoft-cp1252": "cp1252"}
DEFAULT_CHARSET = "ISO8859-1"  # hunspell's own default when an .aff has no SET line
# The .aff keys naming one flag, and the AffixFile field each sets.
SINGLES = {"NEEDAFFIX": "needaffix", "ONLYINCOMPOUND": "onlyincompound", "FORBIDDENWORD": "forbidden",
           "CIRCUMFIX": "circumfix"}


class HunspellError(ValueError):
    """An .aff or .dic file that cannot be read: an unknown character set, a condition hunspell does not read,
    a flag alias that is not defined."""

    values: dict[str, object] = {}  # what the message names, for the word list's coded error (``coded``)
    line: int | None = None  # where, counted from 1
    in_dic = False  # in the .dic rather than the .aff


NOT_IN_CONDITIONS = frozenset("]^()*+?|{}\\$")  # regex syntax hunspell does not read in a condition


@dataclass(frozen=True)
class Affix:
    """One PFX/SFX line: strip `strip`, add `add`, when `cond` matches the root (at its end for a suffix)."""
    strip: str
    add: str
    cond: re.Pattern | None
    flags: frozenset[str]
    cross: bool
    suffix: bool

    def apply(self, word: str) -> str | None:
        """Return word with this affix applied, or None when it does not fit."""
        # The condition is anchored where the affix goes (see _condition), so search serves both kinds.
        if self.cond is not None and not self.cond.search(word):
            return None
        if self.suffix:
            return word[:len(word) - len(self.strip)] + self.add if word.endswith(self.strip) else None
        return self.add + word[len(self.strip):] if word.startswith(self.strip) else None


@dataclass
class AffixFile:
    """What an .aff file says, reduced to what word expansion needs."""
    encoding: str = DEFAULT_CHARSET
    flag_type: str = "char"
    aliases: list[frozenset[str]] = field(default_factory=list)
    needaffix: str | None = None
    onlyincompound: str | None = None
    forbidden: str | None = None
    circumfix: str | None = None
    prefixes: dict[str, list[Affix]] = field(default_factory=dict)
    suffixes: dict[str, list[Affix]] = field(default_factory=dict)

    def split_flags(self, text: str) -> frozenset[str]:
        """Return the set of flags written as `text` in this file's flag syntax."""
        if self.aliases and text.isdigit():
            if not 1 <= int(text) <= len(self.aliases):
                raise HunspellError(f"names flag alias {text}, but the .aff defines {len(self.aliases)}")
            return self.aliases[int(text) - 1]
        if self.flag_type == "long":
            return frozenset(text[i:i + 2] for i in range(0, len(text), 2))
        if self.flag_type == "num":
            return frozenset(f for f in text.split(",") if f)
        return frozenset(text)


def _condition(cond: str, suffix: bool) -> re.Pattern | None:
    """Return a hunspell condition compiled, anchored at the word's end or start; raise HunspellError if
    it is not one: single characters, '.', and [...] or [^...] classes only.

    Each part matches exactly one character, so the regex made of them has no
    quantifier or alternative to backtrack over: it runs in time linear in the word.
    """
    if cond == ".":
        return None
    parts = []
    at = 0
    while at < len(cond):
        if cond[at] == "[":
            end = cond.find("]", at + 1)
            refused = cond.startswith("^", at + 1)
            listed = cond[at + 1 + refused:end]
            if end < 0 or not listed or "[" in listed:
                raise HunspellError(f"the condition '{cond}' has a [...] class that is not closed or is empty")
            parts.append(f"[{'^' if refused else ''}{''.join(re.escape(ch) for ch in listed)}]")
            at = end + 1
            continue
        if cond[at] in NOT_IN_CONDITIONS:
            raise HunspellError(f"the condition '{cond}' is not one hunspell reads: only characters, '.', [...] "
                                f"and [^...]")
        parts.append("." if cond[at] == "." else re.escape(cond[at]))
        at += 1
    pattern = "".join(parts)
    return re.compile(pattern + "$" if suffix else "^" + pattern, re.S)


def _decode(raw: bytes) -> tuple[str, str]:
    """Return the aff text and its encoding, as named by its SET line; raise HunspellError if unknown."""
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    m = re.search(rb"^[ \t]*SET\b[ \t]*(\S*)", raw, re.M)
    declared = m.group(1).decode("ascii", errors="replace") if m else DEFAULT_CHARSET
    try:
        enc = codecs.lookup(CHARSETS.get(declared.lower(), declared)).name
        text = raw.decode(enc, errors="replace")  # LookupError too for a codec of bytes (rot13, base64, zlib)
    except LookupError:
        error = HunspellError(f"declares an unknown character set '{declared}'")
        error.values = {"charset": declared}  # said by the word list's error, which names the file
        error.line = raw.count(b"\n", 0, m.start(1)) + 1 if m else None
        raise error from None
    return text.lstrip("\ufeff"), enc


def parse_aff(raw: bytes) -> AffixFile:
    """Return the AffixFile described by the bytes of an .aff file."""
    text, enc = _decode(raw)
    aff = AffixFile(encoding=enc)
    headers: dict[tuple[str, str], bool] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            _aff_line(aff, line.split(), headers)
        except HunspellError as err:
            err.line = number
            raise
    return aff


def _aff_line(aff: AffixFile, parts: list[str], headers: dict[tuple[str, str], bool]) -> None:
    """Add what one line of an .aff file (split in words) says to ``aff``."""
    if parts and not parts[0].startswith("#"):
        key = parts[0]
        if key == "FLAG" and len(parts) > 1:
            aff.flag_type = {"long": "long", "num": "num"}.get(parts[1], "char")
        elif key in SINGLES and len(parts) > 1:
            setattr(aff, SINGLES[key], parts[1])
        elif key == "AF" and len(parts) > 1 and not parts[1].isdigit():
            aff.aliases.append(aff.split_flags(parts[1]))
        elif key in ("PFX", "SFX") and len(parts) >= 4:
            _affix_line(aff, key, parts, headers)


def _affix_line(aff: AffixFile, key: str, parts: list[str],
                headers: dict[tuple[str, str], bool]) -> None:
    """Add one PFX/SFX header or rule line to aff."""
    flag, suffix = parts[1], key == "SFX"
    if (key, flag) not in headers:
        headers[(key, flag)] = parts[2] == "Y"
        return
    strip = "" if parts[2] == "0" else parts[2]
    add, _, cont = parts[3].partition("/")
    add = "" if add == "0" else add
    if UNSPELLABLE.search(add):
        return
    cond = parts[4] if len(parts) > 4 else "."
    rule = Affix(strip, add, _condition(cond, suffix),
                 aff.split_flags(cont) if cont else frozenset(), headers[(key, flag)], suffix)
    table = aff.suffixes if suffix else aff.prefixes
    table.setdefault(flag, []).append(rule)


def parse_dic_line(aff: AffixFile, line: str) -> tuple[str, frozenset[str]] | None:
    """Return (root, flags) for one .dic line, or None for blanks and comments."""
    field = line.split("\t")[0].split(" ")[0].strip()
    if not field or field.startswith("#"):
        return None
    field = field.replace("\\/", "\0")
    root, _, flags = field.partition("/")
    return root.replace("\0", "/"), aff.split_flags(flags) if flags else frozenset()


def _expand(aff: AffixFile, root: str, flags: frozenset[str],
            prefixes: bool) -> Iterator[str]:
    """Yield every form of one dictionary root."""
    bad = {aff.onlyincompound, aff.forbidden} - {None}
    if flags & bad:
        return
    circ = aff.circumfix
    if aff.needaffix not in flags:
        yield root
    suffixed = list(_suffix_forms(aff, root, flags))
    for form, rule_flags, cross, needs, is_circ in suffixed:
        if not needs and not is_circ:
            yield form
    for pflag in flags if prefixes else ():
        for pre in aff.prefixes.get(pflag, ()):
            if pre.flags & bad:
                continue
            needs = aff.needaffix in pre.flags
            p_circ = circ in pre.flags
            word = pre.apply(root)
            if word is not None and not needs and not p_circ:
                yield word
            if not pre.cross:
                continue
            for form, rule_flags, cross, s_needs, s_circ in suffixed:
                if cross and p_circ == s_circ:
                    word = pre.apply(form)
                    if word is not None:
                        yield word


def _suffix_forms(aff: AffixFile, root: str, flags: frozenset[str]
                  ) -> Iterator[tuple[str, frozenset[str], bool, bool, bool]]:
    """Yield (form, flags, cross, needaffix, circumfix) for one or two suffixes."""
    bad = {aff.onlyincompound, aff.forbidden} - {None}
    for sflag in flags:
        for suf in aff.suffixes.get(sflag, ()):
            if suf.flags & bad:
                continue
            form = suf.apply(root)
            if form is None:
                continue
            yield (form, suf.flags, suf.cross, aff.needaffix in suf.flags,
                   aff.circumfix in suf.flags)
            for sflag2 in suf.flags:
                for suf2 in aff.suffixes.get(sflag2, ()):
                    form2 = suf2.apply(form)
                    if form2 is not None and not suf2.flags & bad:
                        yield (form2, suf2.flags, suf.cross and suf2.cross,
                               aff.needaffix in suf2.flags, aff.circumfix in suf2.flags)


def entries(dic_raw: bytes, aff_raw: bytes) -> Iterator[tuple[str, frozenset[str]]]:
    """Yield (root, flags) for every entry of a hunspell dictionary, unexpanded."""
    aff = parse_aff(aff_raw)
    for entry in _dic_entries(aff, dic_raw):
        if entry is not None:
            yield entry


def _dic_entries(aff: AffixFile, dic_raw: bytes) -> Iterator[tuple[str, frozenset[str]] | None]:
    """Yield ``parse_dic_line`` of each line of a .dic after its count; a HunspellError names the line."""
    for number, line in enumerate(dic_raw.decode(aff.encoding, errors="replace").lstrip("\ufeff").splitlines()[1:],
                                  start=2):
        try:
            yield parse_dic_line(aff, line)
        except HunspellError as err:
            err.line, err.in_dic = number, True
            raise


def expand(dic_raw: bytes, aff_raw: bytes, skip_flags: str = "",
           prefixes: bool = True) -> Iterator[str]:
    """Yield every word form of a hunspell dictionary (may repeat forms).

    skip_flags names affix flags (single-character flags only) to ignore and
    prefixes=False applies no prefix: for dictionaries whose derivations run
    away (see build.py).
    """
    aff = parse_aff(aff_raw)
    skip = frozenset(skip_flags)
    for entry in _dic_entries(aff, dic_raw):
        if entry is not None and not UNSPELLABLE.search(entry[0]):
            root, flags = entry
            yield from _expand(aff, root, flags - skip, prefixes)

