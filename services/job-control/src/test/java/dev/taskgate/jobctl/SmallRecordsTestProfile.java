package dev.taskgate.jobctl;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link LivenessTestProfile} with records of at most 6 KiB from the outbox (4 KiB of sealed payload), so that the
 * size bounds are reached with inputs, frontiers and plans of a few kilobytes.
 */
public class SmallRecordsTestProfile extends LivenessTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("jobctl.outbox.max-record-bytes", "6144");
        return overrides;
    }
}
