# The grader of a DMOJ problem made by `mayan export dmoj` with file I/O, as
# in the contest: the submission reads @INPUT_FILE@ and writes @OUTPUT_FILE@ in
# its working folder, and standard input and output are not used.
#
# init.yml names it: custom_judge: fileio_grader.py. DMOJ loads this file
# and makes its class Grader with (judge, problem, language, source); the
# checker of init.yml then judges what the program wrote to the file.
# Written for dmoj 4.1.0: it uses the executor's working folder (_dir), its
# writable files (write_fs) and its file size limit (fsize).
import os

from dmoj.cptbox.filesystem_policies import ExactFile
from dmoj.graders.standard import StandardGrader
from dmoj.result import Result

INPUT_NAME = '@INPUT_FILE@'
OUTPUT_NAME = '@OUTPUT_FILE@'


class Grader(StandardGrader):
    def _launch_process(self, case):
        work = self.binary._dir  # the submission's working folder
        with open(os.path.join(work, INPUT_NAME), 'wb') as f:
            f.write(case.input_data())
        # The sandbox lets a program write only the files of write_fs, and
        # drops a rule whose file does not exist yet: so the output file is
        # made empty first.
        out = os.path.join(work, OUTPUT_NAME)
        with open(out, 'wb'):
            pass
        self.binary.write_fs = list(type(self.binary).write_fs) + [ExactFile(out)]
        # Executors limit the size of written files to 0 bytes: allow the
        # output limit, and one byte more to see it broken.
        self.binary.fsize = case.config.output_limit_length + 1
        super()._launch_process(case)

    def _interact_with_process(self, case, result, input):
        error = super()._interact_with_process(case, result, b'')
        out = os.path.join(self.binary._dir, OUTPUT_NAME)
        try:
            size = os.path.getsize(out)
        except OSError:
            size = 0  # the program removed it: judged as empty output
        if size > case.config.output_limit_length:
            result.result_flag |= Result.OLE
            result.proc_output = b''
        elif size:
            with open(out, 'rb') as f:
                result.proc_output = f.read()
        else:
            result.proc_output = b''
        return error
