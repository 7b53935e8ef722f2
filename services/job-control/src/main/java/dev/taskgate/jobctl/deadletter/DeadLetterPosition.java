package dev.taskgate.jobctl.deadletter;

/**
 * A place in a dead-letter topic, {@code <topic>/<partition>/<offset>}: the list's page cursor and the audit log's
 * target of a replay. Topic names hold no {@code /}.
 */
public record DeadLetterPosition(String topic, int partition, long offset) {

    /** The position of a record. */
    public static DeadLetterPosition of(String topic, int partition, long offset) {
        return new DeadLetterPosition(topic, partition, offset);
    }

    /** Parses a cursor; 400 unless {@code <topic>/<partition>/<offset>} with non-negative numbers. */
    static DeadLetterPosition parse(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length != 3 || parts[0].isEmpty()) {
            throw DeadLetterException.invalid("cursor must be <topic>/<partition>/<offset>.");
        }
        return new DeadLetterPosition(
                parts[0], DeadLetterParams.partition(parts[1]), DeadLetterParams.offset("cursor offset", parts[2]));
    }

    /** {@code <topic>/<partition>/<offset>}. */
    public String text() {
        return topic + "/" + partition + "/" + offset;
    }
}
