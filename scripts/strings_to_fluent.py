#!/usr/bin/env python3
"""One-off migration (issue 37): move `Text::new(en, zh)` constants and
`match current() { Lang::En => format!(..), Lang::Zh => format!(..) }` blocks of src/strings/
into locales/en.ftl and locales/zh.ftl. Blocks of any other shape are left for a person.

Writes /tmp/fluent_check.json: every moved text with its arguments marked, for a check that the
.ftl files give back exactly what the Rust code wrote."""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Skip(Exception):
    pass


def skip_ws(s, i):
    while i < len(s):
        if s[i].isspace():
            i += 1
        elif s.startswith("//", i):
            j = s.find("\n", i)
            i = len(s) if j < 0 else j + 1
        else:
            break
    return i


def read_literal(s, i):
    """A Rust string literal at s[i:]: (value, end)."""
    if s.startswith('r"', i) or s.startswith("r#", i):
        j = i + 1
        hashes = 0
        while s[j] == "#":
            hashes += 1
            j += 1
        assert s[j] == '"'
        end = s.index('"' + "#" * hashes, j + 1)
        return s[j + 1 : end], end + 1 + hashes
    if s[i] != '"':
        raise Skip(f"no literal at {s[i:i+30]!r}")
    out = []
    j = i + 1
    while True:
        c = s[j]
        if c == '"':
            return "".join(out), j + 1
        if c == "\\":
            n = s[j + 1]
            if n == "n":
                out.append("\n")
                j += 2
            elif n == "t":
                out.append("\t")
                j += 2
            elif n == "r":
                out.append("\r")
                j += 2
            elif n == "0":
                out.append("\0")
                j += 2
            elif n in "\\\"'":
                out.append(n)
                j += 2
            elif n == "u":
                end = s.index("}", j)
                out.append(chr(int(s[j + 3 : end], 16)))
                j = end + 1
            elif n == "\n":
                j += 2
                while s[j] in " \t\n\r":
                    j += 1
            else:
                raise Skip(f"escape \\{n}")
        else:
            out.append(c)
            j += 1


def balanced_end(s, i, open_c, close_c):
    """Index after the bracket closing the one at s[i] (strings and chars skipped)."""
    depth = 0
    j = i
    while j < len(s):
        c = s[j]
        if c == '"' or (c == "r" and s.startswith('r"', j)) or (c == "r" and s.startswith("r#\"", j)):
            if c == "r" and not (j > 0 and (s[j - 1].isalnum() or s[j - 1] == "_")):
                _, j = read_literal(s, j)
                continue
            if c == '"':
                _, j = read_literal(s, j)
                continue
        if c == "'" and j + 2 < len(s) and (s[j + 2] == "'" or s[j + 1] == "\\"):
            # a char literal
            k = s.index("'", j + 2 if s[j + 1] != "\\" else j + 3)
            j = k + 1
            continue
        if c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    raise Skip("unbalanced")


def split_args(s):
    """Top-level comma-separated pieces of s."""
    pieces, depth, cur, j = [], 0, [], 0
    while j < len(s):
        c = s[j]
        if c == '"':
            _, k = read_literal(s, j)
            cur.append(s[j:k])
            j = k
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            pieces.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        j += 1
    if "".join(cur).strip():
        pieces.append("".join(cur).strip())
    return pieces


# ---------------------------------------------------------------------------------------------
# Fluent encoding
# ---------------------------------------------------------------------------------------------


def lit(text):
    return '{"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"}'


def encode_text(text, first_line):
    """Plain text inside one line of a pattern."""
    out = []
    for c in text:
        if c in "{}":
            out.append(lit(c))
        elif ord(c) < 32 and c != "\t":
            out.append('{"\\u%04X"}' % ord(c))
        elif c == "\t":
            out.append('{"\\u0009"}')
        else:
            out.append(c)
    return "".join(out)


def encode_line(parts):
    """A line given as pieces: ('t', text) or ('v', name)."""
    # leading and trailing blanks would be trimmed: write them as literals
    out = []
    for k, (kind, val) in enumerate(parts):
        if kind == "v":
            out.append("{ $" + val + " }")
            continue
        text = val
        lead = ""
        trail = ""
        if k == 0:
            stripped = text.lstrip(" ")
            lead = text[: len(text) - len(stripped)]
            text = stripped
        if k == len(parts) - 1:
            stripped = text.rstrip(" ")
            trail = text[len(stripped) :]
            text = stripped
        piece = ""
        if lead:
            piece += lit(lead)
        if k == 0 and not lead and text[:1] in ("[", "*", "."):
            piece += lit(text[0])
            text = text[1:]
        piece += encode_text(text, k == 0)
        if trail:
            piece += lit(trail)
        out.append(piece)
    line = "".join(out)
    return line if line else lit("")


def encode_pattern(parts):
    """A whole value: parts over possibly several lines."""
    lines = [[]]
    for kind, val in parts:
        if kind == "t":
            chunks = val.split("\n")
            for n, chunk in enumerate(chunks):
                if n > 0:
                    lines.append([])
                if chunk:
                    lines[-1].append(("t", chunk))
        else:
            lines[-1].append(("v", val))
    encoded = [encode_line(line) for line in lines]
    if len(encoded) == 1:
        return " " + encoded[0]
    return "\n" + "\n".join("    " + e for e in encoded)


# ---------------------------------------------------------------------------------------------
# format strings
# ---------------------------------------------------------------------------------------------

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_format(fmt, args):
    """format!'s string and arguments -> parts [('t', text) | ('v', (expr, spec))]."""
    positional = [a for a in args if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*\s*=[^=]", a)]
    named = {}
    for a in args:
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=([^=].*)$", a, re.S)
        if m:
            named[m.group(1)] = m.group(2).strip()
    parts, next_pos, j, text = [], 0, 0, []
    while j < len(fmt):
        c = fmt[j]
        if fmt.startswith("{{", j):
            text.append("{")
            j += 2
            continue
        if fmt.startswith("}}", j):
            text.append("}")
            j += 2
            continue
        if c == "{":
            end = fmt.index("}", j)
            inner = fmt[j + 1 : end]
            name, _, spec = inner.partition(":")
            if "$" in spec or "*" in spec:
                raise Skip("width argument")
            if name == "":
                expr = positional[next_pos]
                next_pos += 1
            elif name.isdigit():
                expr = positional[int(name)]
            elif name in named:
                expr = named[name]
            else:
                expr = name
            if text:
                parts.append(("t", "".join(text)))
                text = []
            parts.append(("v", (expr.strip(), spec)))
            j = end + 1
            continue
        text.append(c)
        j += 1
    if text:
        parts.append(("t", "".join(text)))
    return parts


def arg_name(expr, taken):
    if IDENT.match(expr):
        base = expr
    else:
        words = re.findall(r"[A-Za-z][A-Za-z0-9]*", expr.replace("self.", ""))
        words = [w for w in words if w not in ("len", "to_string", "get", "as", "usize", "f32", "f64", "clone")] or ["value"]
        base = "_".join(words[-2:])
    name, n = base, 2
    while name in taken and taken[name] != expr:
        name = f"{base}_{n}"
        n += 1
    return name


# ---------------------------------------------------------------------------------------------
# the migration
# ---------------------------------------------------------------------------------------------

used_ids = set(Path("/tmp/used_ids.txt").read_text().split()) if Path("/tmp/used_ids.txt").exists() else set()
entries = {"en": [], "zh": []}
checks = []


def kebab(name):
    return name.lower().replace("_", "-")


def new_id(name):
    base = kebab(name)
    ident, n = base, 2
    while ident in used_ids:
        ident = f"{base}-{n}"
        n += 1
    used_ids.add(ident)
    return ident


def doc_before(s, i):
    """The /// lines just above position i."""
    lines = s[:i].split("\n")
    docs = []
    for line in reversed(lines[:-1]):
        t = line.strip()
        if t.startswith("///"):
            docs.append(t[3:].strip())
        elif t.startswith("#["):
            continue
        else:
            break
    return list(reversed(docs))


def add_entry(ident, docs, en_parts, zh_parts):
    for lang, parts in (("en", en_parts), ("zh", zh_parts)):
        comment = "".join(f"# {d}\n" for d in docs) if lang == "en" else ""
        entries[lang].append(f"{comment}{ident} ={encode_pattern(parts)}\n")


CONST = re.compile(r"(pub(?:\(crate\))? )?const ([A-Z0-9_]+): Text =\s*Text::new\(")


def convert_consts(path, s):
    out, pos = [], 0
    for m in CONST.finditer(s):
        try:
            i = skip_ws(s, m.end())
            en, i = read_literal(s, i)
            i = skip_ws(s, i)
            assert s[i] == ","
            i = skip_ws(s, i + 1)
            zh, i = read_literal(s, i)
            i = skip_ws(s, i)
            if s[i] == ",":
                i = skip_ws(s, i + 1)
            assert s[i] == ")"
            i = skip_ws(s, i + 1)
            assert s[i] == ";"
        except (Skip, AssertionError, IndexError) as e:
            print(f"{path}: const {m.group(2)} left: {e}", file=sys.stderr)
            continue
        ident = new_id(m.group(2))
        add_entry(ident, doc_before(s, m.start()), [("t", en)] if en else [], [("t", zh)] if zh else [])
        checks.append({"id": ident, "args": {}, "en": en, "zh": zh})
        out.append(s[pos : m.start()])
        out.append(f'{m.group(1) or ""}const {m.group(2)}: Text = Text::id("{ident}");')
        pos = i + 1
    out.append(s[pos:])
    return "".join(out)


MATCH = re.compile(r"match current\(\) \{")
ARM = re.compile(r"\s*Lang::(En|Zh)\s*=>\s*")


def parse_arm_value(s, i):
    """An arm's value at s[i:]: ('format', fmt, args, end) or ('lit', text, suffix, end)."""
    braced = s[i] == "{"
    if braced:
        inner_end = balanced_end(s, i, "{", "}")
        body = s[i + 1 : inner_end - 1].strip()
        kind = parse_arm_value(body + ",", 0)
        if kind[3] < len(body):
            raise Skip("block arm with statements")
        return kind[:3] + (inner_end,)
    if s.startswith("format!(", i):
        end = balanced_end(s, i + 7, "(", ")")
        inner = s[i + 8 : end - 1]
        fmt, k = read_literal(inner, skip_ws(inner, 0))
        rest = inner[k:].strip()
        args = split_args(rest[1:]) if rest.startswith(",") else []
        return ("format", fmt, args, end)
    if s[i] == '"' or s.startswith('r"', i):
        text, end = read_literal(s, i)
        suffix = ""
        for sfx in (".to_string()", ".into()", ".to_owned()"):
            if s.startswith(sfx, end):
                suffix = sfx
                end += len(sfx)
        return ("lit", text, suffix, end)
    raise Skip(f"arm {s[i:i+40]!r}")


def convert_matches(path, s):
    out, pos = [], 0
    for m in MATCH.finditer(s):
        if m.start() < pos:
            continue
        try:
            end = balanced_end(s, m.end() - 1, "{", "}")
            body = s[m.end() : end - 1]
            arms, i = {}, 0
            while True:
                i = skip_ws(body, i)
                if i >= len(body):
                    break
                am = ARM.match(body, i)
                if not am:
                    raise Skip(f"arm pattern {body[i:i+40]!r}")
                value = parse_arm_value(body, am.end())
                arms[am.group(1)] = value
                i = skip_ws(body, value[3])
                if i < len(body) and body[i] == ",":
                    i += 1
            if set(arms) != {"En", "Zh"}:
                raise Skip("arms")
            kinds = {v[0] for v in arms.values()}
            if len(kinds) != 1:
                raise Skip("mixed arms")
            fn = re.findall(r"fn ([a-z0-9_]+)", s[: m.start()])
            fn_name = fn[-1] if fn else "message"
            if kinds == {"lit"}:
                suffixes = {v[2] for v in arms.values()}
                if len(suffixes) != 1:
                    raise Skip("suffixes")
                ident = new_id(fn_name)
                en, zh = arms["En"][1], arms["Zh"][1]
                add_entry(ident, [], [("t", en)] if en else [], [("t", zh)] if zh else [])
                checks.append({"id": ident, "args": {}, "en": en, "zh": zh})
                replacement = f'message("{ident}"){suffixes.pop()}'
            else:
                taken = {}  # name -> expr key
                exprs = {}  # name -> rust expression for the argument
                parts_by = {}
                for lang in ("En", "Zh"):
                    _, fmt, args, _ = arms[lang]
                    parts = parse_format(fmt, args)
                    conv = []
                    for kind, val in parts:
                        if kind == "t":
                            conv.append(("t", val))
                            continue
                        expr, spec = val
                        key = expr if not spec else f"{expr}:{spec}"
                        existing = [n for n, k in taken.items() if k == key]
                        if existing:
                            name = existing[0]
                        else:
                            name = arg_name(expr, {n: k for n, k in taken.items()})
                            if name in taken:
                                n = 2
                                while f"{name}_{n}" in taken:
                                    n += 1
                                name = f"{name}_{n}"
                            taken[name] = key
                            exprs[name] = f'&format!("{{:{spec}}}", {expr})' if spec else (
                                f"&{expr}" if not expr.startswith("&") else expr
                            )
                        conv.append(("v", name))
                    parts_by[lang] = conv
                ident = new_id(fn_name)
                add_entry(ident, [], parts_by["En"], parts_by["Zh"])
                template = lambda parts: "".join(v if k == "t" else f"⟨{v}⟩" for k, v in parts)
                checks.append(
                    {"id": ident, "args": sorted(exprs), "en": template(parts_by["En"]), "zh": template(parts_by["Zh"])}
                )
                if exprs:
                    args_rs = ", ".join(f'("{n}", {e})' for n, e in exprs.items())
                    replacement = f'message_with("{ident}", &[{args_rs}])'
                else:
                    replacement = f'message("{ident}").to_string()'
        except (Skip, ValueError, IndexError, AssertionError) as e:
            line = s[: m.start()].count("\n") + 1
            print(f"{path}:{line}: left: {e}", file=sys.stderr)
            continue
        out.append(s[pos : m.start()])
        out.append(replacement)
        pos = end
    out.append(s[pos:])
    return "".join(out)


INLINE = re.compile(r"Text::new\(")


def slug(text):
    words = re.findall(r"[a-z0-9]+", text.lower())[:4]
    return "-".join(words)


def convert_inline(path, s):
    """`Text::new(en, zh)` inside an expression: named by what encloses it and its English."""
    out, pos = [], 0
    for m in INLINE.finditer(s):
        try:
            i = skip_ws(s, m.end())
            en, i = read_literal(s, i)
            i = skip_ws(s, i)
            assert s[i] == ","
            i = skip_ws(s, i + 1)
            zh, i = read_literal(s, i)
            i = skip_ws(s, i)
            if s[i] == ",":
                i = skip_ws(s, i + 1)
            assert s[i] == ")"
        except (Skip, AssertionError, IndexError) as e:
            print(f"{path}: inline left: {e}", file=sys.stderr)
            continue
        owners = re.findall(r"(?:fn ([a-z0-9_]+)|const ([A-Z0-9_]+))", s[: m.start()])
        owner = next((a or b for a, b in reversed(owners)), "text") if owners else "text"
        word = slug(en)
        ident = new_id(kebab(owner) + ("-" + word if word else ""))
        add_entry(ident, [], [("t", en)] if en else [], [("t", zh)] if zh else [])
        checks.append({"id": ident, "args": {}, "en": en, "zh": zh})
        out.append(s[pos : m.start()])
        out.append(f'Text::id("{ident}")')
        pos = i + 1
    out.append(s[pos:])
    return "".join(out)


def main():
    files = sys.argv[1:] or sorted(str(p.relative_to(ROOT)) for p in (ROOT / "src/strings").glob("*.rs"))
    for rel in files:
        path = ROOT / rel
        s = path.read_text()
        start = {k: len(v) for k, v in entries.items()}
        s2 = convert_inline(rel, convert_matches(rel, convert_consts(rel, s)))
        if s2 != s:
            if "message_with(" in s2 or "message(" in s2:
                s2 = re.sub(r"(\nuse [^\n]*\n)", r"\1use crate::lang::{message, message_with};\n", s2, count=1)
            path.write_text(s2)
        for lang in entries:
            if len(entries[lang]) > start[lang]:
                entries[lang].insert(start[lang], f"\n## {rel}\n\n")
    for lang in ("en", "zh"):
        target = ROOT / f"locales/{lang}.ftl"
        head = target.read_text() if target.exists() else ""
        target.write_text(head + "".join(entries[lang]))
    old = json.loads(Path("/tmp/fluent_check.json").read_text()) if Path("/tmp/fluent_check.json").exists() else []
    checks[:0] = old
    Path("/tmp/fluent_check.json").write_text(json.dumps(checks, ensure_ascii=False, indent=0))
    print(f"{len(checks)} messages", file=sys.stderr)


main()
