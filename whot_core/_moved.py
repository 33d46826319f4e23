"""The old import paths of the modules that moved into subpackages, kept for one release.

`whot_core.state` is now `whot_core.engine.state`, `whot_core.pictures` is
`whot_core.show.pictures`, and so on (`MOVED`). `whot_core/__init__.py` calls `install()`, which
puts one finder at the front of `sys.meta_path`. It answers only for the old names: importing one
imports the new module, files that same module object under the old name too, and warns
(DeprecationWarning) with the path to use instead. Nothing is imported before an old name is asked
for, so `import whot_core` stays as light as before.

The finder follows the `importlib.abc.MetaPathFinder` protocol (a `find_spec` method) without
subclassing it: on Python 3.11 `importlib.abc` imports `importlib.resources`, `tempfile`, `lzma`
and more, which `import whot_core` has no other reason to load.

    >>> import importlib, warnings
    >>> with warnings.catch_warnings(record=True):  # a DeprecationWarning, the first time
    ...     warnings.simplefilter("always")
    ...     old = importlib.import_module("whot_core.scoring")
    >>> old is importlib.import_module("whot_core.engine.scoring")
    True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from types import ModuleType

__all__ = ["MOVED", "install", "old_attribute"]

_ENGINE = "cards rules moves legal effects state views events scoring matches records narrate"
_SHOW = "pictures figures widgets viewer"

#: Old module path -> new module path.
MOVED: dict[str, str] = {
    **{f"whot_core.{name}": f"whot_core.engine.{name}" for name in _ENGINE.split()},
    "whot_core.protocol": "whot_core.toolkit.protocol",
    "whot_core.search": "whot_core.toolkit.search",
    "whot_core.simulate": "whot_core.players.simulate",
    **{f"whot_core.{name}": f"whot_core.show.{name}" for name in _SHOW.split()},
}


class _OldPathLoader:
    """Loads an old name as the module at its new path, warning once per process."""

    def __init__(self, new: str) -> None:
        self.new = new
        self._spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} has moved to {self.new}; the old path will go in the next release",
            DeprecationWarning,
            stacklevel=2,  # the warnings module skips the import system's own frames
        )
        module = importlib.import_module(self.new)
        self._spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system has just set the module's __spec__ to the old name's; give it back
        # its own, so that the module still says where it lives.
        module.__spec__ = self._spec


class _OldPathFinder:
    """A meta path finder for the names in MOVED, and for nothing else."""

    @staticmethod
    def find_spec(fullname: str, path=None, target=None) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _OldPathLoader(new))


def install() -> None:
    """Put the finder first on `sys.meta_path` (once). First, because an editable install's own
    finder would otherwise find the old file in the source tree it was installed from."""
    if not any(isinstance(finder, _OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldPathFinder())


def old_attribute(package: str, name: str) -> ModuleType:
    """`whot_core.state` as an attribute (without an import statement): the moved module, with
    the same warning. Raises AttributeError for any other name, as a module's `__getattr__` must."""
    old = f"{package}.{name}"
    if old not in MOVED:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return importlib.import_module(old)
