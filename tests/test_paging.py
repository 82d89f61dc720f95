"""Keyset paging (hindsight.paging.read_page), over a list in memory: positions, the links' keys,
and pages that stay put while rows come and go."""

from __future__ import annotations

from hindsight.paging import Cursor, Numbered, Page, read_page


def numbers(*rows: int) -> Numbered[int]:
    return Numbered(rows, lambda row: row)


def walk_older(rows: Numbered[int], size: int) -> list[Page[int, int]]:
    """Every page from the newest, following "Next"."""
    pages = [read_page(rows, None, size)]
    while pages[-1].older is not None:
        pages.append(read_page(rows, Cursor(pages[-1].older), size))
    return pages


def test_the_first_page_is_the_newest_rows_and_says_where_it_stands() -> None:
    page = read_page(numbers(*range(1, 26)), None, 10)
    assert page.rows == list(range(25, 15, -1))
    assert (page.first, page.last, page.total, page.start) == (1, 10, 25, 0)
    assert page.newer is None and page.older == 16


def test_next_and_previous_reach_every_row_once() -> None:
    rows = numbers(*range(1, 26))
    pages = walk_older(rows, 10)
    assert [(p.first, p.last) for p in pages] == [(1, 10), (11, 20), (21, 25)]
    assert [row for p in pages for row in p.rows] == list(range(25, 0, -1))
    assert pages[-1].older is None and pages[-1].newer == 5
    back = read_page(rows, Cursor(pages[-1].newer, newer=True), 10)
    assert back == pages[1]
    assert read_page(rows, Cursor(back.newer, newer=True), 10) == pages[0]


def test_rows_written_while_paging_do_not_push_seen_rows_onto_the_next_page() -> None:
    first = read_page(numbers(*range(1, 26)), None, 10)
    assert first.older is not None
    # Five newer rows arrive before "Next" is clicked: the next page still starts after row 16.
    second = read_page(numbers(*range(1, 31)), Cursor(first.older), 10)
    assert second.rows == list(range(15, 5, -1))
    assert (second.first, second.total) == (16, 30)  # its place now counts the new rows


def test_rows_removed_while_paging_do_not_hide_others() -> None:
    first = read_page(numbers(*range(1, 26)), None, 10)
    assert first.older is not None
    still_there = [row for row in range(1, 26) if row not in (24, 20, 15)]
    second = read_page(numbers(*still_there), Cursor(first.older), 10)
    assert second.rows == [14, 13, 12, 11, 10, 9, 8, 7, 6, 5]


def test_previous_that_reaches_the_top_gives_the_whole_first_page() -> None:
    rows = numbers(*range(1, 26))
    page = read_page(rows, Cursor(22, newer=True), 10)  # only 23, 24, 25 are newer than 22
    assert page == read_page(rows, None, 10)


def test_a_cursor_past_the_end_gives_the_first_page() -> None:
    rows = numbers(*range(1, 26))
    assert read_page(rows, Cursor(1), 10) == read_page(rows, None, 10)
    assert read_page(rows, Cursor(-5), 10) == read_page(rows, None, 10)
    assert read_page(rows, Cursor(999, newer=True), 10) == read_page(rows, None, 10)


def test_an_empty_list_is_one_empty_page() -> None:
    page = read_page(numbers(), Cursor(7), 10)
    assert page == Page([], 0, 0, None, None)
    assert (page.first, page.last) == (0, 0)
