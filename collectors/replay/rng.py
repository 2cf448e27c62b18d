"""Deterministic randomness for the replay: the same keys give the same numbers in every process.

Two tools, for two costs. `rng(...)` seeds a `random.Random` from a string key (Python hashes
string seeds with SHA-512, so it is stable across runs and machines) and is used once per entity,
for its static parameters. `unit(...)` is a splitmix64 mix of integers, cheap enough to call per
entity per simulated day for small day-to-day jitter.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def rng(*keys: object) -> random.Random:
    """A private generator for one entity, keyed by (seed, kind, index, ...)."""
    return random.Random(":".join(map(str, keys)))


def h64(*values: int) -> int:
    """splitmix64 over a sequence of integers."""
    x = 0x9E3779B97F4A7C15
    for value in values:
        x = ((x ^ (value & _MASK)) * 0xBF58476D1CE4E5B9) & _MASK
        x ^= x >> 31
        x = (x * 0x94D049BB133111EB) & _MASK
        x ^= x >> 29
    return x


def unit(*values: int) -> float:
    """A uniform number in [0, 1) from integers."""
    return h64(*values) / 18446744073709551616.0


def text_key(text: str) -> int:
    """A stable 63-bit integer for a string (URLs, names), unlike the salted built-in `hash`."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def weighted(r: random.Random, choices: Sequence[tuple[T, float]]) -> T:
    """Pick one of (value, weight) pairs."""
    total = sum(weight for _, weight in choices)
    point = r.random() * total
    for value, weight in choices:
        point -= weight
        if point < 0:
            return value
    return choices[-1][0]


def unique_digits(k: int, radices: Sequence[int], salt: int) -> list[int]:
    """Mixed-radix digits of a bijective scramble of `k`: distinct k (mod the product) never share digits.

    This is how entity names stay unique without a registry of names already given out: entity k
    gets combination number (a*k + b) mod M of the word lists, and an affine map with a coprime to
    M is a permutation.
    """
    modulus = 1
    for radix in radices:
        modulus *= radix
    a = 1_000_003  # prime; coprime with any product of word-list sizes below it
    while modulus % a == 0:
        a += 2
    index = (a * k + salt) % modulus
    digits = []
    for radix in radices:
        index, digit = divmod(index, radix)
        digits.append(digit)
    return digits
