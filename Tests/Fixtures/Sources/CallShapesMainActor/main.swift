// The call shapes of Shared/CallShapes, built in this target's mode.
try await runCallShapes()
