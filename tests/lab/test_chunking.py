"""Chunks sized to the work: one game each until a game's time is known, then about a fifth of a
second of games, never more than a share of what is left (no idle tail), every game handed out once."""

from tabletop.lab.chunking import TAIL_SHARES, TARGET_SECONDS, Chunker


def hand_out(chunker, seconds_per_game):
    chunks = []
    while (chunk := chunker.take()) is not None:
        chunks.append(chunk)
        chunker.timed(chunk[1], chunk[1] * seconds_per_game)
    return chunks


def covers(chunks, first, games):
    return [i for start, count in chunks for i in range(start, start + count)] == list(range(first, games))


def test_fast_games_go_out_in_big_chunks_that_shrink_at_the_end():
    chunks = hand_out(Chunker(0, 20_000, 2), seconds_per_game=0.0001)
    assert covers(chunks, 0, 20_000)
    sizes = [count for _, count in chunks]
    assert sizes[0] == 1
    assert max(sizes) == int(TARGET_SECONDS / 0.0001)  # 2000 games: a fifth of a second
    assert sizes[-4:] == sorted(sizes[-4:], reverse=True) and sizes[-1] <= 20_000 // 100  # the tail is short


def test_search_games_go_out_one_at_a_time():
    chunks = hand_out(Chunker(0, 48, 16), seconds_per_game=3.0)
    assert covers(chunks, 0, 48)
    assert {count for _, count in chunks} == {1}


def test_no_chunk_is_more_than_a_share_of_what_is_left():
    chunker = Chunker(5, 1000, 4)
    chunker.timed(10, 0.00001)
    start, count = chunker.take()
    assert start == 5 and count == (1000 - 5) // (4 * TAIL_SHARES)
