"""Reading BrowserGym's pickles without running anyone else's code.

An experiment folder (``exp_args.pkl``, ``step_N.pkl.gz``, ``goal_object.pkl.gz``) is a set of
pickles, and ``pickle.load`` runs whatever callable a pickle names: a folder downloaded from a
colleague or a paper's artefacts can run ``os.system`` on load. BrowserGym's own loader
(:class:`browsergym.experiments.loop.ExpResult`) calls plain ``pickle.load``, so
:class:`SafeUnpickler` is what the importer routes those files through instead.

What a pickle may name (:meth:`SafeUnpickler.find_class`):

* the builtin value types (``dict``, ``list``, ``str``, ``int``, ``set``, ``bytes`` ...),
  ``datetime``'s, ``pathlib``'s paths, ``collections.OrderedDict``, ``uuid.UUID``, ``decimal.Decimal``
  ``copyreg._reconstructor`` (how protocol 0/1 pickles rebuild a plain object) and
  ``_codecs.encode`` (how protocol 2 writes bytes);
* numpy's array reconstructors, ``ndarray``, ``dtype`` and its scalar types (an observation's
  screenshot and coordinates are arrays); any other numpy name (``numpy.load`` ...) is refused;
* **classes** of BrowserGym (``browsergym.*``: ``StepInfo``, ``StepTimestamps``, ``AgentInfo``,
  ``ExpArgs``, ``EnvArgs`` ...); a BrowserGym *function* is refused like any other callable.

Anything else is a global of some other package, and no code of it runs. Two cases:

* a name no experiment writer ever needs (``os.system``, ``subprocess.*``, ``builtins.eval``,
  ``getattr``, ``importlib``, ``pickle`` itself ...): the file is refused with
  :class:`UnsafePickleError`, naming the file and the global;
* the classes of the agent that wrote the folder (AgentLab's ``GenericAgentArgs``, its chat
  ``Discussion`` and messages; your own agent's arguments): an AgentLab folder holds them in
  ``exp_args.pkl`` and in every step's ``agent_info``, and refusing them would refuse every
  AgentLab folder (and even plain ``pickle.load`` fails on them where agentlab is not installed).
  They are read as :class:`ForeignObject` records (the module and name, the arguments and the
  state the pickle held), built without importing or calling anything. ``strict=True`` refuses
  them too, for a user who wants nothing but BrowserGym's and numpy's types.

Either way nothing outside BrowserGym, numpy and the standard value types is imported or called.
"""

from __future__ import annotations

import gzip
import importlib
import io
import pickle
import warnings
import zlib
from pathlib import Path
from typing import Any

__all__ = ["UnsafePickleError", "ForeignObject", "SafeUnpickler", "safe_load", "load_pickle_file"]


class UnsafePickleError(pickle.UnpicklingError):
    """A pickle named a global that is not BrowserGym's, numpy's or a builtin value type."""


_BUILTINS = frozenset({"dict", "list", "tuple", "set", "frozenset", "bytes", "bytearray", "str", "int", "float",
                       "complex", "bool", "slice", "range", "object", "NoneType", "Ellipsis", "NotImplemented"})
_STDLIB: dict[str, frozenset[str]] = {
    "datetime": frozenset({"datetime", "date", "time", "timedelta", "timezone"}),
    "pathlib": frozenset({"Path", "PosixPath", "WindowsPath", "PurePath", "PurePosixPath", "PureWindowsPath"}),
    "collections": frozenset({"OrderedDict"}),
    "uuid": frozenset({"UUID", "SafeUUID"}),
    "decimal": frozenset({"Decimal"}),
    "copyreg": frozenset({"_reconstructor"}),
    "_codecs": frozenset({"encode"}),  # protocol 2 writes bytes as _codecs.encode(text, "latin1")
}
_NUMPY_FUNCS: dict[str, frozenset[str]] = {
    m: frozenset({"_reconstruct", "scalar", "_frombuffer"})
    for m in ("numpy.core.multiarray", "numpy._core.multiarray", "numpy.core.numeric", "numpy._core.numeric")
}
#: Modules no experiment writer needs, whose names are only ever in a pickle to run code.
_HOSTILE = ("os", "posix", "nt", "subprocess", "sys", "builtins", "importlib", "runpy", "shutil", "socket", "ctypes",
            "pickle", "_pickle", "marshal", "code", "codeop", "pty", "webbrowser", "types", "functools", "operator",
            "io", "_io", "multiprocessing", "threading", "signal", "tempfile", "glob", "platform", "pydoc", "timeit",
            "site", "shelve", "dbm", "sqlite3", "urllib", "http", "ftplib", "smtplib", "telnetlib", "asyncio",
            "inspect", "gc", "cProfile", "profile", "trace", "pdb", "bdb", "ensurepip", "venv", "zipimport",
            "_thread", "numpy.lib", "numpy.testing", "numpy.f2py", "numpy.distutils", "torch", "yaml", "dill")


def _is_hostile(module: str, name: str) -> bool:
    if module == "builtins" or module == "__builtin__":
        return name not in _BUILTINS
    return any(module == m or module.startswith(m + ".") for m in _HOSTILE) or name.startswith("__")


class ForeignObject(dict):
    """A stand-in for an object of a class outside the allowed ones: what the pickle held, inert.

    ``module`` and ``name`` say what it was; ``args`` are the constructor arguments the pickle
    passed, ``state`` the attributes it set (also readable as items when a mapping), and ``items``
    what it appended (a list subclass). Nothing of the original class is imported or run.
    """

    module = "?"
    name = "?"

    def __new__(cls, *args: Any, **kwargs: Any) -> "ForeignObject":
        obj = super().__new__(cls)
        obj.args = args
        obj.state = {}
        obj.items_list = []
        return obj

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # noqa: D401 - accepts whatever the pickle passes
        dict.__init__(self)

    def __setstate__(self, state: Any) -> None:
        if isinstance(state, tuple) and len(state) == 2 and isinstance(state[1], dict):  # (dict, slots)
            state = {**(state[0] or {}), **state[1]}
        self.state = state

    def append(self, item: Any) -> None:
        self.items_list.append(item)

    def extend(self, items: Any) -> None:
        self.items_list.extend(items)

    def __getattr__(self, key: str) -> Any:
        state = self.__dict__.get("state")
        if isinstance(state, dict) and key in state:
            return state[key]
        raise AttributeError(key)

    def __repr__(self) -> str:
        return f"<foreign {self.module}.{self.name}>"

    def __reduce__(self):  # pragma: no cover - never written back
        raise TypeError(f"{self.module}.{self.name}: a stand-in read from a pickle cannot be pickled")


_STAND_INS: dict[tuple[str, str], type] = {}


def _stand_in(module: str, name: str) -> type:
    key = (module, name)
    if key not in _STAND_INS:
        _STAND_INS[key] = type(name, (ForeignObject,), {"module": module, "name": name, "__module__": __name__})
    return _STAND_INS[key]


def _resolve(module: str, name: str) -> Any:
    with warnings.catch_warnings():  # numpy 2 reads numpy.core.* names with a DeprecationWarning
        warnings.simplefilter("ignore")
        obj = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
    return obj


class SafeUnpickler(pickle.Unpickler):
    """``pickle.Unpickler`` that resolves only BrowserGym's classes, numpy's and the builtin value types.

    ``source`` names the file in errors. ``strict`` refuses every other global; otherwise the
    classes of other packages become :class:`ForeignObject` records (see the module docstring),
    and names that only an attack uses are still refused.
    """

    def __init__(self, file: Any, *, source: str = "<pickle>", strict: bool = False) -> None:
        super().__init__(file)
        self.source = source
        self.strict = strict

    def _refuse(self, module: str, name: str, why: str) -> UnsafePickleError:
        return UnsafePickleError(
            f"{self.source}: refused: the pickle asks for {module}.{name}, {why}; this file was not written by "
            "BrowserGym as it is, so nothing of it is loaded (fix: if you wrote it and trust it, load it with "
            "plain pickle yourself)")

    def find_class(self, module: str, name: str) -> Any:
        if module in ("builtins", "__builtin__") and name in _BUILTINS:
            return {"NoneType": type(None), "Ellipsis": type(Ellipsis)}.get(name) or _resolve("builtins", name)
        if name in _STDLIB.get(module, ()):
            return _resolve(module, name)
        if name in _NUMPY_FUNCS.get(module, ()):
            return _resolve(module, name)
        if module == "numpy" or module.startswith("numpy.dtypes") or module in _NUMPY_FUNCS:
            try:
                obj = _resolve(module, name)
            except (ImportError, AttributeError):
                obj = None
            import numpy as np

            if isinstance(obj, type) and (issubclass(obj, (np.generic, np.ndarray, np.dtype))):
                return obj
            raise self._refuse(module, name, "a numpy name other than its arrays, dtypes, scalars and their "
                                             "reconstructors (only those are read)")
        if module == "numpy" or module.startswith("numpy."):
            raise self._refuse(module, name, "a numpy name other than its arrays, dtypes, scalars and their "
                                             "reconstructors (only those are read)")
        if module == "browsergym" or module.startswith("browsergym."):
            try:
                obj = _resolve(module, name)
            except (ImportError, AttributeError) as exc:
                raise self._refuse(module, name, f"which this BrowserGym does not have ({exc})") from None
            if isinstance(obj, type):
                return obj
            raise self._refuse(module, name, "a BrowserGym function, not a class (only BrowserGym's records are read)")
        if _is_hostile(module, name):
            raise self._refuse(module, name, "a callable that a BrowserGym experiment never stores")
        if self.strict:
            raise self._refuse(module, name, "not a BrowserGym, numpy or builtin type (strict reading)")
        return _stand_in(module, name)


def safe_load(data: bytes, *, source: str = "<pickle>", strict: bool = False) -> Any:
    """Unpickle ``data`` with :class:`SafeUnpickler`."""
    return SafeUnpickler(io.BytesIO(data), source=source, strict=strict).load()


def load_pickle_file(path: str | Path, *, strict: bool = False) -> Any:
    """Read a ``.pkl`` or gzipped ``.pkl.gz`` file (as BrowserGym writes them) with :class:`SafeUnpickler`.

    Every way the file can be broken (missing, truncated, not gzip, not a pickle, a refused global)
    is raised as :class:`pickle.UnpicklingError` (or ``OSError`` for a file that cannot be read)
    with the file's name in the message.
    """
    p = Path(path)
    raw = p.read_bytes()
    if p.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as exc:
            raise pickle.UnpicklingError(f"{p}: not a complete gzip file ({exc or type(exc).__name__}); "
                                         "the run that wrote it may have been interrupted") from None
    try:
        return safe_load(raw, source=str(p), strict=strict)
    except UnsafePickleError:
        raise
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, IndexError, KeyError,
            ImportError, MemoryError, RecursionError, UnicodeDecodeError) as exc:
        raise pickle.UnpicklingError(f"{p}: not a readable pickle ({type(exc).__name__}: "
                                     f"{str(exc).splitlines()[0][:200] if str(exc) else 'truncated?'})") from None
