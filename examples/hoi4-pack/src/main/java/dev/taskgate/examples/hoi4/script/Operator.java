package dev.taskgate.examples.hoi4.script;

/** The operator between a key and its value. */
public enum Operator {
    ASSIGN("="),
    EQUAL("=="),
    NOT_EQUAL("!="),
    LESS("<"),
    LESS_OR_EQUAL("<="),
    GREATER(">"),
    GREATER_OR_EQUAL(">=");

    private final String symbol;

    Operator(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** The operator written as {@code symbol}. */
    static Operator of(String symbol) {
        for (Operator operator : values()) {
            if (operator.symbol.equals(symbol)) {
                return operator;
            }
        }
        throw new IllegalArgumentException("not an operator: " + symbol);
    }
}
