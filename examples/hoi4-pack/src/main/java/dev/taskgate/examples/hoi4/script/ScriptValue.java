package dev.taskgate.examples.hoi4.script;

/** The value of an entry, or a bare value inside a block: a scalar or a nested block. */
public sealed interface ScriptValue permits ScriptScalar, ScriptBlock {

    /** The 1-based line where the value starts. */
    int line();

    /** The 1-based column where the value starts. */
    int column();
}
