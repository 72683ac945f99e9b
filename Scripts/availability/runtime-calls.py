#!/usr/bin/env python3
"""Checks a module's LLVM IR, compiled for an Apple minimum, for metadata that only the
Swift 6 runtime (iOS 18, macOS 15) can make, made without a fallback.

Metadata of a function type with typed throws or `@isolated(any)` comes from the
runtime's `swift_getExtendedFunctionTypeMetadata`, which older systems lack. Where code
uses such a type in an expression, the compiler refuses it below iOS 18; where the
runtime can fall back (caller isolation, `nonisolated(nonsending)`), the compiler calls
it through `__swift_getExtendedFunctionTypeMetadata_backDeploy`, which tests the
function's address first. But the type of a stored property is also in its class's
field records, whose metadata accessor calls the function directly: reading the records
(`Mirror`, `dump`) would stop the program on an older system, and no availability check
sees it. So any direct call outside the fallback is an error here.

(The compiler's other calls into newer runtime functions, such as
`swift_willThrowTypedImpl`, sit behind the standard library's own `#available` checks,
which the interfaces built for this check fold away; they are not checked here.)

Usage: runtime-calls.py <module.ll>...; prints each direct call, exits 1 if any.
"""
import re
import sys

define = re.compile(r'^define .*?@"?([^"(]+)"?\(')
direct = re.compile(r'\b(?:call|invoke)\b[^@]*@swift_getExtendedFunctionTypeMetadata\(')

problems = []
for path in sys.argv[1:]:
    function = None
    with open(path) as ir:
        for line in ir:
            m = define.match(line)
            if m:
                function = m.group(1)
            elif line.startswith('}'):
                function = None
            elif function and direct.search(line) and not function.endswith('_backDeploy'):
                problems.append(
                    f'{path}: {function} makes metadata only the Swift 6 runtime has, '
                    'without a fallback (a stored property of a typed-throws or '
                    '@isolated(any) function type?)')

for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
