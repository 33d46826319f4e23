"""Teaching Whist: the Learn path's lessons (`lessons`) and the questions they ask, checked by
the engine (`questions`)."""
