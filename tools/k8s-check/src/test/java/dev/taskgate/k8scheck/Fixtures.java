package dev.taskgate.k8scheck;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the checks compare the manifests with: the repository's own sources of truth. */
final class Fixtures {
    /**
     * Settings of bin/lib/service-env.sh that belong to the local stack only: the topic prefix of test runs, and
     * worker-pool's demo workspace and rewrite sandbox under the stack's state folder.
     */
    static final Set<String> LOCAL_ONLY = Set.of(
            "TASKGATE_TOPIC_PREFIX",
            "TASKGATE_WORKER_REWRITE_SANDBOX",
            "TASKGATE_WORKER_WORKSPACES_DEMO_ID",
            "TASKGATE_WORKER_WORKSPACES_DEMO_ROOTS");

    private Fixtures() {}

    static String topics() {
        return Repository.read("schemas/kafka/topics.txt");
    }

    static String acls() {
        return Repository.read("schemas/kafka/acls.txt");
    }

    static String serviceEnv() {
        return Repository.read("bin/lib/service-env.sh");
    }

    /** The Secret names of the table in docs/kubernetes.md#secrets: its first column, one name in backquotes. */
    static Set<String> documentedSecrets() {
        String doc = Repository.read("docs/kubernetes.md");
        int start = doc.indexOf("\n## Secrets\n");
        if (start < 0) {
            throw new AssertionError("docs/kubernetes.md has no section ## Secrets");
        }
        int end = doc.indexOf("\n## ", start + 1);
        String section = doc.substring(start, end < 0 ? doc.length() : end);
        Set<String> names = new TreeSet<>();
        Matcher row = Pattern.compile("(?m)^\\| `([a-z0-9-]+)` \\|").matcher(section);
        while (row.find()) {
            names.add(row.group(1));
        }
        return names;
    }
}
