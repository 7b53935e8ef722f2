package dev.taskgate.examples.hoi4.script;

/** Splits Paradox script into tokens, skipping whitespace, {@code #} comments and a leading byte order mark. */
final class ScriptLexer {
    private final String file;
    private final String text;
    private int index;
    private int line = 1;
    private int column = 1;

    ScriptLexer(String file, String text) {
        this.file = file;
        this.text = text;
        if (text.startsWith("\uFEFF")) {
            index = 1;
        }
    }

    Token next() throws ScriptParseException {
        skipBlanksAndComments();
        int startLine = line;
        int startColumn = column;
        if (index >= text.length()) {
            return new Token(Token.Kind.END, "", startLine, startColumn);
        }
        char c = text.charAt(index);
        switch (c) {
            case '{':
                advance();
                return new Token(Token.Kind.OPEN, "{", startLine, startColumn);
            case '}':
                advance();
                return new Token(Token.Kind.CLOSE, "}", startLine, startColumn);
            case '"':
                return quoted(startLine, startColumn);
            case '=':
            case '<':
            case '>':
            case '!':
                return operator(startLine, startColumn);
            default:
                return word(startLine, startColumn);
        }
    }

    private void skipBlanksAndComments() {
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c == '#') {
                while (index < text.length() && text.charAt(index) != '\n') {
                    advance();
                }
            } else if (Character.isWhitespace(c)) {
                advance();
            } else {
                return;
            }
        }
    }

    private Token operator(int startLine, int startColumn) throws ScriptParseException {
        char first = advance();
        boolean followedByEquals = index < text.length() && text.charAt(index) == '=';
        if (followedByEquals) {
            advance();
            return new Token(Token.Kind.OPERATOR, first + "=", startLine, startColumn);
        }
        if (first == '!') {
            throw new ScriptParseException(
                    file, startLine, startColumn, "'!' must be followed by '=' (the operator !=)");
        }
        return new Token(Token.Kind.OPERATOR, String.valueOf(first), startLine, startColumn);
    }

    private Token quoted(int startLine, int startColumn) throws ScriptParseException {
        advance();
        StringBuilder value = new StringBuilder();
        while (true) {
            if (index >= text.length() || text.charAt(index) == '\n' || text.charAt(index) == '\r') {
                throw new ScriptParseException(
                        file, startLine, startColumn, "unterminated string: no closing '\"' on this line");
            }
            char c = advance();
            if (c == '"') {
                return new Token(Token.Kind.STRING, value.toString(), startLine, startColumn);
            }
            boolean escape =
                    c == '\\' && index < text.length() && (text.charAt(index) == '"' || text.charAt(index) == '\\');
            value.append(escape ? advance() : c);
        }
    }

    private Token word(int startLine, int startColumn) {
        int start = index;
        while (index < text.length() && isWordChar(text.charAt(index))) {
            advance();
        }
        return new Token(Token.Kind.WORD, text.substring(start, index), startLine, startColumn);
    }

    private static boolean isWordChar(char c) {
        return !Character.isWhitespace(c)
                && c != '{'
                && c != '}'
                && c != '='
                && c != '<'
                && c != '>'
                && c != '!'
                && c != '#'
                && c != '"';
    }

    private char advance() {
        char c = text.charAt(index++);
        if (c == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        return c;
    }
}
