"""What every page shares (`common`: the session, the sidebar, the cached runners) and the Learn
page, which holds both games' lessons."""
