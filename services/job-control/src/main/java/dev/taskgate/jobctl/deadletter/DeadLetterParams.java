package dev.taskgate.jobctl.deadletter;

/** The numbers of the dead-letter routes, parsed strictly: anything unexpected is a 400, never a guess. */
final class DeadLetterParams {
    /** Most records one range replay publishes. */
    static final int MAX_RANGE = 100;

    private DeadLetterParams() {}

    static int partition(String text) {
        try {
            int value = Integer.parseInt(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw DeadLetterException.invalid("partition must be a non-negative integer.");
    }

    static long offset(String name, String text) {
        try {
            long value = Long.parseLong(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw DeadLetterException.invalid(name + " must be a non-negative integer.");
    }

    static boolean flag(String name, String text) {
        if (text == null || text.equals("false")) {
            return false;
        }
        if (text.equals("true")) {
            return true;
        }
        throw DeadLetterException.invalid(name + " must be true or false.");
    }
}
