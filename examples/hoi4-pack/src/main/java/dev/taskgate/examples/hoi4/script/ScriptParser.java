package dev.taskgate.examples.hoi4.script;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses Clausewitz (Paradox) script: {@code key = value}, {@code key = { ... }}, bare values in blocks, the
 * comparison operators, {@code #} comments, quoted strings, numbers and dates. One parser per file; not thread-safe.
 */
public final class ScriptParser {
    /** Deeper nesting than any game file needs; it also keeps the recursion far from the stack's end. */
    public static final int MAX_DEPTH = 256;
    /** Entries and bare values per file, counted over every block. */
    public static final int MAX_ITEMS = 500_000;

    private final String file;
    private final ScriptLexer lexer;
    private Token lookahead;
    private int items;

    private ScriptParser(String file, String text) {
        this.file = file;
        this.lexer = new ScriptLexer(file, text);
    }

    /** Parses UTF-8 bytes (a byte order mark at the start is skipped; malformed bytes read as U+FFFD). */
    public static ScriptBlock parse(String file, byte[] content) throws ScriptParseException {
        return parse(file, new String(content, StandardCharsets.UTF_8));
    }

    /** Parses {@code text}, naming {@code file} in errors. */
    public static ScriptBlock parse(String file, String text) throws ScriptParseException {
        ScriptParser parser = new ScriptParser(file, text);
        return parser.blockContents(null, 0);
    }

    /** The items up to the matching {@code }} (consumed), or to the end of the file when {@code open} is null. */
    private ScriptBlock blockContents(Token open, int depth) throws ScriptParseException {
        List<ScriptEntry> entries = new ArrayList<>();
        List<ScriptValue> values = new ArrayList<>();
        while (true) {
            Token token = take();
            switch (token.kind()) {
                case END -> {
                    if (open != null) {
                        throw error(open, "'{' is never closed (the file ends first)");
                    }
                    return new ScriptBlock(entries, values, 1, 1);
                }
                case CLOSE -> {
                    if (open == null) {
                        throw error(token, "'}' without a matching '{'");
                    }
                    return new ScriptBlock(entries, values, open.line(), open.column());
                }
                case OPERATOR -> throw error(token, "'" + token.text() + "' without a key before it");
                case OPEN -> {
                    count(token);
                    values.add(nested(token, depth));
                }
                case WORD, STRING -> {
                    count(token);
                    if (peek().kind() == Token.Kind.OPERATOR) {
                        Token operator = take();
                        ScriptValue value = value(operator, depth);
                        entries.add(new ScriptEntry(
                                token.text(), Operator.of(operator.text()), value, token.line(), token.column()));
                    } else {
                        values.add(scalar(token));
                    }
                }
            }
        }
    }

    private ScriptValue value(Token operator, int depth) throws ScriptParseException {
        Token token = take();
        return switch (token.kind()) {
            case WORD, STRING -> scalar(token);
            case OPEN -> nested(token, depth);
            case OPERATOR, CLOSE, END ->
                throw error(operator, "missing value after '" + operator.text() + "' (found " + token.describe() + ")");
        };
    }

    private ScriptBlock nested(Token open, int depth) throws ScriptParseException {
        if (depth + 1 > MAX_DEPTH) {
            throw error(open, "blocks nested deeper than " + MAX_DEPTH);
        }
        return blockContents(open, depth + 1);
    }

    private void count(Token token) throws ScriptParseException {
        if (++items > MAX_ITEMS) {
            throw error(token, "more than " + MAX_ITEMS + " entries and values");
        }
    }

    private static ScriptScalar scalar(Token token) {
        return new ScriptScalar(token.text(), token.kind() == Token.Kind.STRING, token.line(), token.column());
    }

    private Token take() throws ScriptParseException {
        Token token = peek();
        lookahead = null;
        return token;
    }

    private Token peek() throws ScriptParseException {
        if (lookahead == null) {
            lookahead = lexer.next();
        }
        return lookahead;
    }

    private ScriptParseException error(Token at, String problem) {
        return new ScriptParseException(file, at.line(), at.column(), problem);
    }
}
