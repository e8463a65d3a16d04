"""The kernel: every rule of the game decided once, on plain integers and tuples.

Private to drako-rules. The public modules (``kingdom``, ``connections``, ``scoring``,
``legends``, ``game``) check their arguments, call the kernel and build frozen values from
what it returns. The kernel imports no attrs, checks no user types and does no I/O; it is
what the compiled build compiles.
"""
