"""What every page shares (`session`, `link`, `sidebar`, `layout`, `records`, and `component`,
what both tables share) and the Learn page, which holds both games' lessons."""
