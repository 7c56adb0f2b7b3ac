# The checker of a DMOJ problem made by `mayan export dmoj`: it runs the
# mayan binary that lies beside this file as a Kattis output validator
# (`mayan check --protocol kattis INPUT ANSWER FEEDBACK_DIR FLAGS < OUTPUT`).
#
# init.yml names it: checker: {name: mayan_checker.py, args: {flags: "..."}}.
# DMOJ loads this file with exec(), with __file__ set to its path, and calls
# check() in the judge's own worker process, outside the sandbox, so it may
# run a program (DMOJ's bridged checkers may not: they only compile sources
# and their sandbox refuses execve).
import hashlib
import os
import shlex
import shutil
import subprocess
import tempfile

from dmoj.error import InternalError
from dmoj.result import CheckerResult

_BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'mayan')
_TIMEOUT = 60  # seconds; the checker takes milliseconds
_runnable = None


def _mayan():
    """The binary, executable: an upload or an unzip may drop its executable
    bit and the problem folder may be read-only, so then a copy is made once."""
    global _runnable
    if _runnable is None:
        if os.access(_BINARY, os.X_OK):
            _runnable = _BINARY
        else:
            with open(_BINARY, 'rb') as f:
                digest = hashlib.sha256(f.read()).hexdigest()[:16]
            target = os.path.join(tempfile.gettempdir(), f'mayan-checker-{digest}')
            if not os.access(target, os.X_OK):
                partial = f'{target}.{os.getpid()}'
                shutil.copyfile(_BINARY, partial)
                os.chmod(partial, 0o755)
                os.replace(partial, target)
            _runnable = target
    return _runnable


def check(process_output, judge_output, judge_input, point_value, flags='', **kwargs):
    with tempfile.TemporaryDirectory(prefix='mayan-check-') as work:
        paths = {name: os.path.join(work, name) for name in ('input', 'answer', 'feedback')}
        os.mkdir(paths['feedback'])
        for name, data in (('input', judge_input), ('answer', judge_output)):
            with open(paths[name], 'wb') as f:
                f.write(data)
        argv = [_mayan(), 'check', '--protocol', 'kattis', paths['input'], paths['answer'], paths['feedback']]
        proc = subprocess.run(
            argv + shlex.split(flags),
            input=process_output,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=_TIMEOUT,
        )
        try:
            with open(os.path.join(paths['feedback'], 'judgemessage.txt'), encoding='utf-8', errors='replace') as f:
                message = f.read()
        except FileNotFoundError:
            message = ''
    if proc.returncode not in (42, 43):
        # The judge is at fault (an answer file the solver disagrees with, bad
        # flags): an internal error, never a verdict against the contestant.
        why = message or proc.stderr.decode(errors='replace')
        raise InternalError(f'mayan checker exited {proc.returncode}: {why}')
    passed = proc.returncode == 42
    lines = message.strip().splitlines()
    return CheckerResult(
        passed,
        point_value if passed else 0,
        feedback=lines[0][:60] if lines else '',
        extended_feedback=message,
    )
