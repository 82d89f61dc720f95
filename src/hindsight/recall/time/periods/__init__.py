"""Calendar arithmetic the rules build their ranges with: a range is (start, end), half-open, midnight to
midnight; `now` is the query's."""
