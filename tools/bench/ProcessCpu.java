import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where a run's CPU goes, by kind of process: reads every process's own CPU time (user + system ticks of
 * {@code /proc/PID/stat}, without its children's) every 2 s until STOP_FILE exists or SECONDS have passed, keeps each
 * process's last reading, and writes one line per kind: seconds of CPU, processes seen, kind. A process is told by
 * its command line when first seen (the surefire JVM of a module by its working folder, a packaged service by its
 * jar). A process that lives less than one interval is missed, and so is a process's last interval: compare the sum
 * with the run's own total (e.g. {@code /usr/bin/time}). Linux only.
 *
 * <p>Usage: java tools/bench/ProcessCpu.java OUT_FILE STOP_FILE [SECONDS=5400], e.g. beside a clean-clone
 * {@code .ci/run} that touches STOP_FILE when it ends (docs/testing.md "Where CI's time goes").
 */
public class ProcessCpu {
    private static final long INTERVAL_MS = 2_000;
    private static final double TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

    private final Map<String, String> kindOf = new HashMap<>();
    private final Map<String, Long> ticksOf = new HashMap<>();

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ProcessCpu OUT_FILE STOP_FILE [SECONDS]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Path stop = Path.of(args[1]);
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 5_400;
        ProcessCpu sampler = new ProcessCpu();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!Files.exists(stop) && System.nanoTime() < deadline) {
            sampler.sample();
            Thread.sleep(INTERVAL_MS);
        }
        sampler.sample();
        Files.write(out, sampler.report(), StandardCharsets.UTF_8);
    }

    private void sample() throws IOException {
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            for (Path dir : (Iterable<Path>) entries::iterator) {
                String pid = dir.getFileName().toString();
                if (pid.chars().allMatch(Character::isDigit)) {
                    read(dir, pid);
                }
            }
        }
    }

    private void read(Path dir, String pid) {
        String stat;
        try {
            stat = Files.readString(dir.resolve("stat"));
        } catch (IOException e) {
            return; // ended meanwhile
        }
        // after the command name in parentheses: state is field 3; utime, stime are 14, 15; starttime is 22
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        String process = pid + "@" + fields[19]; // a pid reused later is another process
        if (!kindOf.containsKey(process)) {
            String kind = kind(dir);
            if (kind == null) {
                return;
            }
            kindOf.put(process, kind);
        }
        ticksOf.merge(process, ticks, Math::max);
    }

    private static String kind(Path dir) {
        List<String> command;
        String cwd;
        try {
            command =
                    List.of(new String(Files.readAllBytes(dir.resolve("cmdline")), StandardCharsets.UTF_8).split("\0"));
            cwd = Files.readSymbolicLink(dir.resolve("cwd")).toString();
        } catch (IOException | SecurityException e) {
            return null;
        }
        if (command.isEmpty() || command.get(0).isEmpty()) {
            return null; // a kernel thread
        }
        String line = String.join(" ", command);
        String program = Path.of(command.get(0)).getFileName().toString();
        if (program.startsWith("postgres") || line.startsWith("postgres")) {
            return "postgres";
        }
        if (line.contains("kafka.Kafka")) {
            return "kafka";
        }
        if (line.contains("plexus-classworlds")) {
            return "maven";
        }
        if (line.contains("surefirebooter") || program.equals("java") && line.contains("surefire")) {
            // a module's test JVM runs in the module's folder: services/job-control, e2e, …
            return "surefire "
                    + (cwd.matches(".*/(libs|services|tools|examples)/[^/]+")
                            ? cwd.replaceFirst(".*/((libs|services|tools|examples)/[^/]+)$", "$1")
                            : Path.of(cwd).getFileName());
        }
        for (String argument : command) {
            if (argument.endsWith("quarkus-app/quarkus-run.jar")) {
                return "service " + argument.replaceFirst(".*/services/", "").replaceFirst("/.*", "");
            }
        }
        if (program.equals("java")) {
            for (String argument : command) {
                if (argument.endsWith(".jar") || argument.startsWith("dev.taskgate")) {
                    return "java " + Path.of(argument.replaceFirst(".*:", "")).getFileName();
                }
            }
            return "java (other)";
        }
        return program.startsWith("node") && command.size() > 1
                ? "node " + Path.of(command.get(1)).getFileName()
                : program;
    }

    private List<String> report() {
        Map<String, Long> ticks = new HashMap<>();
        Map<String, Integer> processes = new HashMap<>();
        kindOf.forEach((process, kind) -> {
            ticks.merge(kind, ticksOf.getOrDefault(process, 0L), Long::sum);
            processes.merge(kind, 1, Integer::sum);
        });
        List<String> lines = new ArrayList<>();
        long total = ticks.values().stream().mapToLong(Long::longValue).sum();
        lines.add(String.format(Locale.ROOT, "%9.1f %5d %s", total / TICKS_PER_SECOND, kindOf.size(), "(all)"));
        ticks.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> lines.add(String.format(
                        Locale.ROOT,
                        "%9.1f %5d %s",
                        e.getValue() / TICKS_PER_SECOND,
                        processes.get(e.getKey()),
                        e.getKey())));
        return lines;
    }
}
