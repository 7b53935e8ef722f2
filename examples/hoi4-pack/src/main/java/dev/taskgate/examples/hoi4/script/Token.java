package dev.taskgate.examples.hoi4.script;

/** One lexical token with the 1-based position of its first character. */
record Token(Kind kind, String text, int line, int column) {

    enum Kind {
        WORD,
        STRING,
        OPERATOR,
        OPEN,
        CLOSE,
        END
    }

    /** How the token reads in an error message. */
    String describe() {
        return switch (kind) {
            case WORD -> "'" + text + "'";
            case STRING -> "a quoted string";
            case OPERATOR -> "'" + text + "'";
            case OPEN -> "'{'";
            case CLOSE -> "'}'";
            case END -> "the end of the file";
        };
    }
}
