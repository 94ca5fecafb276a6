#!/usr/bin/env python3
"""Writes data/cl100k-tokens.bin, the ordinary tokens of OpenAI's cl100k_base encoding in rank
order, each as one length byte and its bytes, from the `cl100k_base.tiktoken` file that the
tiktoken-rs crate ships (base64 token and rank per line). src/cl100k.rs builds its rank table from
it without loading tiktoken's whole encoder (60 ms and 26 MB a process).

    python3 crates/mnemo-extract/scripts/cl100k_table.py \
        ~/.cargo/registry/src/*/tiktoken-rs-0.12.1/assets/cl100k_base.tiktoken \
        crates/mnemo-extract/data/cl100k-tokens.bin
"""
import base64
import sys


def main(src: str, out: str) -> None:
    tokens = {}
    with open(src, encoding="ascii") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            raw, rank = line.split(" ")
            tokens[int(rank)] = base64.b64decode(raw)
    # The format stores no ranks: they must be 0..n-1, each token at most 255 bytes.
    if sorted(tokens) != list(range(len(tokens))):
        sys.exit("ranks are not contiguous from 0")
    blob = bytearray()
    for rank in range(len(tokens)):
        tok = tokens[rank]
        if not 0 < len(tok) < 256:
            sys.exit(f"token {rank} is {len(tok)} bytes")
        blob.append(len(tok))
        blob += tok
    with open(out, "wb") as f:
        f.write(blob)
    print(f"{out}: {len(tokens)} tokens, {len(blob)} bytes")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
