import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads the profiles `bin/bench --profile` takes and prints their summary as markdown (the section "Where the CPU
 * goes" of docs/performance.md).
 *
 * <p>Input: DIR/&lt;scenario&gt;/ with window.txt (key=value: scenario, concurrency, seconds, executions) and, per JVM,
 * &lt;process&gt;.collapsed (async-profiler's collapsed stacks with thread names: {@code [name tid=N];root;...;leaf
 * COUNT}) and &lt;process&gt;.jfr. Per scenario: the CPU samples of each process by component, by thread group, its
 * hottest leaf frames, and from JFR its allocation rate, top allocating frames, collections and CPU load.
 *
 * <p>A stack's component is the first frame of a known library met walking from the leaf towards the root: the
 * JDK's general classes and native frames (libc, libjvm's runtime called from Java) count for the library that called
 * them, since that caller is what code or configuration could change; JDK crypto is a component of its own. Samples
 * of the JVM's own threads (JIT compilers, the VM thread, GC threads) are the JVM's.
 *
 * <p>Usage: java ProfileSummary DIR INTERVAL_MS | java ProfileSummary --self-check
 */
public class ProfileSummary {

    /** Known components: a Java frame (slashes, as async-profiler writes them) starting with a prefix is theirs. */
    static final Map<String, String> PREFIXES = new LinkedHashMap<>();

    static {
        prefixes("Taskgate", "dev/taskgate/");
        prefixes("Kafka", "org/apache/kafka/", "kafka/");
        prefixes(
                "PostgreSQL client (Vert.x SQL, JDBC, Agroal)",
                "io/vertx/pgclient/",
                "io/vertx/sqlclient/",
                "io/quarkus/reactive/",
                "org/postgresql/",
                "io/agroal/");
        prefixes("Netty", "io/netty/");
        prefixes("Jackson", "com/fasterxml/jackson/");
        prefixes("JSON schema validation", "com/networknt/schema/");
        prefixes("JWT / JOSE", "org/jose4j/", "io/smallrye/jwt/", "com/nimbusds/");
        prefixes("JDK crypto", "javax/crypto/", "sun/security/", "com/sun/crypto/", "java/security/");
        prefixes("Hibernate (ORM, Validator)", "org/hibernate/");
        prefixes("Metrics and tracing (Micrometer, OpenTelemetry)", "io/micrometer/", "io/opentelemetry/");
        prefixes("Logging", "org/jboss/logmanager/", "org/jboss/logging/", "org/slf4j/", "ch/qos/logback/");
        prefixes("Scala library", "scala/");
        prefixes("Vert.x core and web", "io/vertx/");
        prefixes(
                "Quarkus, SmallRye, RESTEasy, Mutiny, Arc",
                "io/quarkus/",
                "io/smallrye/",
                "org/jboss/resteasy/",
                "org/eclipse/microprofile/");
    }

    static final String JDK_OTHER = "JDK other";
    static final String JIT = "JVM: JIT compiler";
    static final String GC = "JVM: GC";
    static final String JVM_OTHER = "JVM: other (VM thread, interpreter, runtime)";
    static final String UNKNOWN = "native / unknown";
    static final String PROFILING = "Profiling itself (JFR threads, attach)";

    static void prefixes(String component, String... prefixes) {
        for (String p : prefixes) {
            PREFIXES.put(p, component);
        }
    }

    /** The thread name of a collapsed stack's first frame, {@code [name tid=N]}. */
    static String threadName(String first) {
        if (!first.startsWith("[") || !first.endsWith("]")) {
            return "?";
        }
        String inner = first.substring(1, first.length() - 1);
        if (inner.startsWith("tid=")) {
            return "?";
        }
        int tid = inner.lastIndexOf(" tid=");
        return tid >= 0 ? inner.substring(0, tid) : inner;
    }

    /** A thread's group: its name with UUIDs replaced by {@code <id>} and every other run of digits by #. */
    static String threadGroup(String name) {
        return name.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>")
                .replaceAll("[0-9]+", "#");
    }

    /** A kernel frame, as async-profiler marks them when the kernel lets it record them. */
    static boolean isKernelFrame(String frame) {
        return frame.endsWith("_[k]");
    }

    static boolean isJavaFrame(String frame) {
        // async-profiler writes Java methods as pkg/Class.method; native symbols have no slash (C++ ones have ::)
        int slash = frame.indexOf('/');
        return slash > 0 && !frame.contains("::") && !frame.startsWith("[");
    }

    static boolean isGcFrame(String frame) {
        return frame.matches(".*(GenCollect|SerialHeap|DefNew|Tenured|MarkSweep|G1|GCTask|CollectedHeap::collect"
                + "|VM_GC_Operation|VM_CollectFor|PSScavenge|ParallelScavenge|ShenandoahHeap|ZHeap|WorkerThread).*");
    }

    /** The component of one stack, frames from the thread (first) to the leaf (last). */
    static String component(List<String> frames) {
        String thread = frames.isEmpty() ? "?" : threadName(frames.get(0));
        // thread names are cut at 15 characters (the kernel's limit): "C2 CompilerThre"
        if (thread.contains("CompilerThre")) {
            return JIT;
        }
        if (thread.startsWith("JFR ") || thread.equals("Attach Listener")) {
            return PROFILING;
        }
        boolean javaThread = false;
        for (String f : frames) {
            if (isJavaFrame(f)) {
                javaThread = true;
                break;
            }
        }
        if (!javaThread) {
            for (String f : frames) {
                if (isGcFrame(f)) {
                    return GC;
                }
            }
            return frames.stream().skip(1).anyMatch(f -> f.contains("::")) || thread.startsWith("VM ")
                    ? JVM_OTHER
                    : UNKNOWN;
        }
        boolean jdk = false;
        boolean jvm = false;
        for (int i = frames.size() - 1; i >= 1; i--) {
            String f = frames.get(i);
            if (isJavaFrame(f)) {
                for (Map.Entry<String, String> e : PREFIXES.entrySet()) {
                    if (f.startsWith(e.getKey())) {
                        return e.getValue();
                    }
                }
                jdk = true;
            } else if (f.toLowerCase(Locale.ROOT).contains("netty")) {
                return "Netty";
            } else if (isGcFrame(f)) {
                return GC;
            } else if (f.contains("::") || f.startsWith("Interpreter") || f.contains("_stub")) {
                jvm = true;
            }
        }
        return jdk ? JDK_OTHER : jvm ? JVM_OTHER : UNKNOWN;
    }

    record Stack(List<String> frames, long count) {}

    static List<Stack> readCollapsed(Path file) throws IOException {
        List<Stack> stacks = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long count;
            try {
                count = Long.parseLong(line.substring(space + 1).trim());
            } catch (NumberFormatException e) {
                continue;
            }
            stacks.add(new Stack(List.of(line.substring(0, space).split(";")), count));
        }
        return stacks;
    }

    static <K> Map<K, Long> add(Map<K, Long> map, K key, long n) {
        map.merge(key, n, Long::sum);
        return map;
    }

    static <K> List<Map.Entry<K, Long>> top(Map<K, Long> map, int n) {
        return map.entrySet().stream()
                .sorted(Map.Entry.<K, Long>comparingByValue().reversed())
                .limit(n)
                .toList();
    }

    static String pct(long part, long total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * part / total);
    }

    static String md(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("_", "\\_");
    }

    /** What one process's files say. */
    static final class Process {
        final String name;
        long samples;
        long kernel;
        final Map<String, Long> components = new HashMap<>();
        final Map<String, Long> threads = new HashMap<>();
        final Map<String, Long> leaves = new HashMap<>();
        final Map<String, Long> componentThreads = new HashMap<>();
        Jfr jfr;

        Process(String name) {
            this.name = name;
        }

        /** Samples outside the JIT compiler's and the profilers' threads. */
        long application() {
            return samples - components.getOrDefault(JIT, 0L) - components.getOrDefault(PROFILING, 0L);
        }
    }

    record Jfr(
            double allocatedMb,
            Map<String, Long> allocators,
            int collections,
            Duration pauses,
            double cpuLoad,
            Map<String, Double> threadLoad,
            Duration compiling,
            long compilations) {}

    static Process read(Path collapsed) throws IOException {
        String file = collapsed.getFileName().toString();
        Process p = new Process(file.substring(0, file.length() - ".collapsed".length()));
        for (Stack s : readCollapsed(collapsed)) {
            p.samples += s.count();
            String component = component(s.frames());
            add(p.components, component, s.count());
            add(p.threads, threadGroup(threadName(s.frames().get(0))), s.count());
            String leaf = s.frames().get(s.frames().size() - 1);
            add(p.leaves, leaf, s.count());
            if (isKernelFrame(leaf) && !component.equals(JIT) && !component.equals(PROFILING)) {
                p.kernel += s.count();
            }
        }
        Path jfr = collapsed.resolveSibling(p.name + ".jfr");
        // a JVM can refuse a recording (the worker's children: JFR.stop leaves an empty file); its samples still count
        if (Files.isRegularFile(jfr) && Files.size(jfr) > 0) {
            p.jfr = readJfr(jfr);
        }
        return p;
    }

    static String frameName(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    static boolean jdkClass(String name) {
        return name.startsWith("java.")
                || name.startsWith("jdk.")
                || name.startsWith("sun.")
                || name.startsWith("com.sun.");
    }

    static Jfr readJfr(Path file) throws IOException {
        long allocated = 0;
        Map<String, Long> allocators = new HashMap<>();
        int collections = 0;
        Duration pauses = Duration.ZERO;
        double cpuSum = 0;
        int cpuCount = 0;
        Map<String, double[]> threads = new HashMap<>();
        // JIT work in the recording: the compilers' cumulative statistics, first reading against the last
        RecordedEvent firstCompiler = null;
        RecordedEvent lastCompiler = null;
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        for (RecordedEvent e : events) {
            switch (e.getEventType().getName()) {
                case "jdk.ObjectAllocationSample" -> {
                    long weight = e.getLong("weight");
                    allocated += weight;
                    add(allocators, allocator(e), weight);
                }
                case "jdk.GarbageCollection" -> {
                    collections++;
                    pauses = pauses.plus(e.getDuration("sumOfPauses"));
                }
                case "jdk.CompilerStatistics" -> {
                    if (firstCompiler == null || e.getStartTime().isBefore(firstCompiler.getStartTime())) {
                        firstCompiler = e;
                    }
                    if (lastCompiler == null || e.getStartTime().isAfter(lastCompiler.getStartTime())) {
                        lastCompiler = e;
                    }
                }
                case "jdk.CPULoad" -> {
                    cpuSum += e.getFloat("jvmUser") + e.getFloat("jvmSystem");
                    cpuCount++;
                }
                case "jdk.ThreadCPULoad" -> {
                    if (e.getThread() != null) {
                        double[] sum = threads.computeIfAbsent(
                                e.getThread().getOSThreadId() + " "
                                        + e.getThread().getOSName(),
                                k -> new double[2]);
                        sum[0] += e.getFloat("user") + e.getFloat("system");
                        sum[1]++;
                    }
                }
                default -> {}
            }
        }
        int cores = Runtime.getRuntime().availableProcessors();
        // JFR's loads are fractions of the whole machine; a thread group's load is the sum of its threads' averages
        Map<String, Double> threadLoad = new HashMap<>();
        threads.forEach((thread, sum) -> threadLoad.merge(
                threadGroup(thread.substring(thread.indexOf(' ') + 1)), 100.0 * cores * sum[0] / sum[1], Double::sum));
        return new Jfr(
                allocated / 1048576.0,
                allocators,
                collections,
                pauses,
                cpuCount == 0 ? -1 : 100.0 * cores * cpuSum / cpuCount,
                threadLoad,
                firstCompiler == null
                        ? Duration.ZERO
                        : lastCompiler.getDuration("totalTimeSpent").minus(firstCompiler.getDuration("totalTimeSpent")),
                firstCompiler == null
                        ? 0
                        : lastCompiler.getLong("compileCount") - firstCompiler.getLong("compileCount"));
    }

    /** The first frame outside the JDK of an allocation sample's stack (the JDK's own frame when there is none). */
    static String allocator(RecordedEvent e) {
        RecordedStackTrace stack = e.getStackTrace();
        if (stack == null || stack.getFrames().isEmpty()) {
            return "?";
        }
        for (RecordedFrame f : stack.getFrames()) {
            if (f.isJavaFrame() && !jdkClass(f.getMethod().getType().getName())) {
                return frameName(f);
            }
        }
        return frameName(stack.getFrames().get(0));
    }

    static Map<String, String> window(Path dir) throws IOException {
        Map<String, String> w = new HashMap<>();
        Path file = dir.resolve("window.txt");
        if (Files.isRegularFile(file)) {
            for (String kv : Files.readString(file).trim().split("\\s+")) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    w.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
        }
        return w;
    }

    static final List<String> ORDER = List.of(
            "mcp-frontend",
            "job-control",
            "worker-pool",
            "webhook-dispatcher",
            "kafka",
            "worker-pool-child-1",
            "worker-pool-child-2");

    static int order(String name) {
        int i = ORDER.indexOf(name);
        return i < 0 ? ORDER.size() : i;
    }

    static void scenario(Path dir, double intervalMs, StringBuilder out) throws IOException {
        Map<String, String> w = window(dir);
        List<Process> processes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".collapsed")).toList()) {
                processes.add(read(f));
            }
        }
        processes.sort(Comparator.comparingInt((Process p) -> order(p.name)).thenComparing(p -> p.name));
        long executions = Long.parseLong(w.getOrDefault("executions", "0"));
        double seconds = Double.parseDouble(w.getOrDefault("seconds", "0"));
        out.append("### ")
                .append(w.getOrDefault("scenario", dir.getFileName().toString()))
                .append(" × ")
                .append(w.getOrDefault("concurrency", "?"))
                .append("\n\n");
        out.append(String.format(
                Locale.ROOT,
                "Window: %.0f s, %d executions completed (%.1f/s). CPU ms per execution = samples × %.0f ms ÷"
                        + " executions.\n\n",
                seconds,
                executions,
                seconds > 0 ? executions / seconds : 0,
                intervalMs));
        Map<String, Long> all = new HashMap<>();
        for (Process p : processes) {
            p.components.forEach((k, v) -> add(all, k, v));
        }
        out.append("Each process's CPU samples: the JIT compiler's and the profilers' own as % of all; every other"
                + " component as % of the rest (the application's samples), so that a JIT still busy does not dilute"
                + " them:\n\n| component |");
        processes.forEach(p -> out.append(' ').append(p.name).append(" |"));
        out.append("\n|---|");
        processes.forEach(p -> out.append("---|"));
        out.append("\n| **samples** |");
        processes.forEach(p -> out.append(' ').append(p.samples).append(" |"));
        out.append("\n| **CPU ms per execution, all** |");
        processes.forEach(p -> out.append(
                String.format(Locale.ROOT, " %.2f |", executions > 0 ? p.samples * intervalMs / executions : 0)));
        out.append("\n| *").append(JIT).append(", % of all* |");
        processes.forEach(p -> out.append(' ')
                .append(pct(p.components.getOrDefault(JIT, 0L), p.samples))
                .append(" |"));
        out.append("\n| *").append(PROFILING).append(", % of all* |");
        processes.forEach(p -> out.append(' ')
                .append(pct(p.components.getOrDefault(PROFILING, 0L), p.samples))
                .append(" |"));
        out.append("\n| **CPU ms per execution, application** |");
        processes.forEach(p -> out.append(
                String.format(Locale.ROOT, " %.2f |", executions > 0 ? p.application() * intervalMs / executions : 0)));
        out.append("\n| *in the kernel, any component, % of application* |");
        processes.forEach(
                p -> out.append(' ').append(pct(p.kernel, p.application())).append(" |"));
        out.append('\n');
        for (Map.Entry<String, Long> c : top(all, 100)) {
            if (c.getKey().equals(JIT) || c.getKey().equals(PROFILING)) {
                continue;
            }
            out.append("| ").append(c.getKey()).append(" |");
            for (Process p : processes) {
                out.append(' ')
                        .append(pct(p.components.getOrDefault(c.getKey(), 0L), p.application()))
                        .append(" |");
            }
            out.append('\n');
        }
        out.append("\nThread groups (digits as #), share of the process's samples (%), the five largest:\n\n");
        out.append("| process | thread groups |\n|---|---|\n");
        for (Process p : processes) {
            out.append("| ").append(p.name).append(" | ");
            List<String> cells = new ArrayList<>();
            for (Map.Entry<String, Long> t : top(p.threads, 5)) {
                cells.add(md(t.getKey()) + " " + pct(t.getValue(), p.samples));
            }
            out.append(String.join("; ", cells)).append(" |\n");
        }
        out.append("\nFrom JFR (same window): allocation (sampled weight, MB/s), collections and their pauses, the"
                + " JVM's CPU load (% of one core), and the JIT's compilations and compile time (its statistics at the"
                + " recording's first and last reading):\n\n");
        out.append(
                "| process | allocation MB/s | collections | pauses (ms) | CPU load | JIT: compilations, compile time"
                        + " (s) |\n|---|---|---|---|---|---|\n");
        for (Process p : processes) {
            if (p.jfr == null) {
                out.append("| ").append(p.name).append(" | no recording | | | | |\n");
                continue;
            }
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %.1f | %d | %d | %s | %d, %.1f |\n",
                    p.name,
                    seconds > 0 ? p.jfr.allocatedMb() / seconds : 0,
                    p.jfr.collections(),
                    p.jfr.pauses().toMillis(),
                    p.jfr.cpuLoad() < 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", p.jfr.cpuLoad()),
                    p.jfr.compilations(),
                    p.jfr.compiling().toMillis() / 1000.0));
        }
        out.append('\n');
        for (Process p : processes) {
            out.append("<details><summary>")
                    .append(p.name)
                    .append(": hottest frames, allocations, threads</summary>\n\n");
            out.append("Top 15 leaf (self) frames, share of samples (%):\n\n| frame | % |\n|---|---|\n");
            for (Map.Entry<String, Long> l : top(p.leaves, 15)) {
                out.append("| `")
                        .append(l.getKey().replace("|", "\\|").replace("`", "'"))
                        .append("` | ")
                        .append(pct(l.getValue(), p.samples))
                        .append(" |\n");
            }
            if (p.jfr != null) {
                long total = p.jfr.allocators().values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
                out.append(
                        "\nTop 10 allocating frames (each sample at the first frame of its stack outside the JDK), share of the"
                                + " sampled weight (%):\n\n| frame | % |\n|---|---|\n");
                for (Map.Entry<String, Long> a : top(p.jfr.allocators(), 10)) {
                    out.append("| `")
                            .append(a.getKey().replace("|", "\\|"))
                            .append("` | ")
                            .append(pct(a.getValue(), total))
                            .append(" |\n");
                }
                out.append("\nCPU load by thread group (JFR, % of one core), the eight largest: ");
                List<String> cells = new ArrayList<>();
                p.jfr.threadLoad().entrySet().stream()
                        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                        .limit(8)
                        .forEach(e -> cells.add(md(e.getKey()) + String.format(Locale.ROOT, " %.1f", e.getValue())));
                out.append(String.join("; ", cells)).append(".\n");
            }
            out.append("\n</details>\n\n");
        }
    }

    static int selfCheck() {
        Map<String, String> cases = new TreeMap<>();
        cases.put(
                "[vert.x-eventloop-thread-0 tid=1];java/lang/Thread.run;io/netty/channel/nio/NioEventLoop.run;"
                        + "dev/taskgate/Foo.bar;com/fasterxml/jackson/databind/ObjectMapper.writeValueAsString;"
                        + "java/util/HashMap.get",
                "Jackson");
        cases.put(
                "[executor-thread-1 tid=2];java/lang/Thread.run;io/smallrye/jwt/auth/Verifier.verify;"
                        + "org/jose4j/jws/JsonWebSignature.verifySignature;sun/security/rsa/RSACore.rsa;"
                        + "java/math/BigInteger.modPow",
                "JDK crypto");
        cases.put(
                "[kafka-producer-network-thread | producer-1 tid=3];java/lang/Thread.run;"
                        + "org/apache/kafka/clients/producer/internals/Sender.run;sun/nio/ch/EPoll.wait;"
                        + "epoll_wait",
                "Kafka");
        cases.put("[C2 CompilerThre tid=4];thread_native_entry;Compile::Optimize", JIT);
        cases.put("[JFR Thread Samp tid=4];thread_native_entry;JfrThreadSampler::run", PROFILING);
        cases.put(
                "[kafka-producer-network-thread | x tid=3];org/apache/kafka/common/network/Selector.poll;"
                        + "sun/nio/ch/EPollSelectorImpl.doSelect;epoll_wait;entry_SYSCALL_64_[k];do_epoll_wait_[k]",
                "Kafka");
        cases.put("[VM Thread tid=5];thread_native_entry;VMThread::run;SerialHeap::do_collection", GC);
        cases.put("[VM Thread tid=5];thread_native_entry;VMThread::run;SafepointSynchronize::begin", JVM_OTHER);
        cases.put(
                "[vert.x-eventloop-thread-1 tid=6];java/lang/Thread.run;io/netty/channel/epoll/Native.epollWait;"
                        + "Java_io_netty_channel_epoll_Native_epollWait;epoll_wait",
                "Netty");
        cases.put("[main tid=7];java/lang/Thread.run;java/util/HashMap.get;SharedRuntime::resolve", JDK_OTHER);
        cases.put("[pool-1 tid=8];dev/taskgate/jobcontrol/Outbox.relay;__GI___libc_write", "Taskgate");
        cases.put("[?? tid=9];[unknown]", UNKNOWN);
        int failures = 0;
        for (Map.Entry<String, String> c : cases.entrySet()) {
            String got = component(List.of(c.getKey().split(";")));
            if (!got.equals(c.getValue())) {
                System.err.println("FAIL " + c.getKey() + ": expected " + c.getValue() + ", got " + got);
                failures++;
            }
        }
        if (!threadGroup("kafka-producer-network-thread | producer-12")
                        .equals("kafka-producer-network-thread | producer-#")
                || !threadGroup("job-control-outbox-ee63ccd6-a503-467d-b5b4-d57bdf447919-7")
                        .equals("job-control-outbox-<id>-#")
                || !threadName("[tid=42]").equals("?")
                || !threadName("[vert.x-eventloop-thread-0 tid=123]").equals("vert.x-eventloop-thread-0")) {
            System.err.println("FAIL thread names");
            failures++;
        }
        System.out.println(failures == 0 ? "self-check: " + (cases.size() + 1) + " cases pass" : failures + " failed");
        return failures == 0 ? 0 : 1;
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 1 && args[0].equals("--self-check")) {
            System.exit(selfCheck());
        }
        if (args.length != 2) {
            System.err.println("usage: ProfileSummary DIR INTERVAL_MS | ProfileSummary --self-check");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        double intervalMs = Double.parseDouble(args[1]);
        StringBuilder out = new StringBuilder();
        List<Path> scenarios;
        try (Stream<Path> dirs = Files.list(root)) {
            // a scenario's folder has its window; others (the profilers' first load before the warm-up) are not read
            scenarios = dirs.filter(d -> Files.isRegularFile(d.resolve("window.txt")))
                    .sorted()
                    .toList();
        }
        for (Path dir : scenarios) {
            scenario(dir, intervalMs, out);
        }
        System.out.print(out);
    }
}
