package dev.taskgate.e2e;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.awaitility.core.ConditionTimeoutException;

import static org.awaitility.Awaitility.await;

/**
 * SIGKILLs chaos nodes at moments and in an order drawn from a seeded {@link Random}, each kind at least once (the
 * first three kills are one of each, in a random order), never both instances of a kind at once; every victim is
 * started again after a short pause. For a worker-pool kill it measures, per execution the killed worker held, the
 * time from the SIGKILL until job-control settled it (terminal, or moved to a later epoch).
 *
 * <p>On a cluster with infrastructure of its own ({@link ChaosCluster#infra()}) the kill set also has the three
 * {@link InfraOutage}s, each once, in a seeded order, after the second, fourth and sixth process kill: PostgreSQL
 * stopped with a fast and with an immediate shutdown, and the Kafka broker stopped, each for 30-60 s (seeded), then
 * started again. An outage begins only when every node is up (a service starting while its database is away would
 * not become ready) and ends when every node is ready again; the kill windows move on by the time it took.
 */
final class ChaosKiller implements Runnable {
    /** One kill; {@code held} only for a worker-pool. */
    record Kill(ChaosNode.Kind kind, String node, long atNanos, String instanceId, List<ChaosDb.Held> held) {}

    /** A dependency taken away and brought back. */
    enum InfraOutage {
        POSTGRES_FAST("postgres-fast"),
        POSTGRES_IMMEDIATE("postgres-immediate"),
        KAFKA("kafka");

        final String label;

        InfraOutage(String label) {
            this.label = label;
        }
    }

    /** One outage: how long the dependency was away, and how long until every node was ready again after it. */
    record Outage(InfraOutage kind, long downMillis, long readyMillis) {}

    private static final long SETTLE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(120);
    /** An outage suspends owner-loss settlement (docs/job-control.md): a worker killed before one waits it out. */
    private static final long SETTLE_BOUND_WITH_OUTAGES_NANOS = TimeUnit.SECONDS.toNanos(300);

    private static final Duration READY_AFTER_OUTAGE = Duration.ofSeconds(180);

    private final long seed;
    private final ChaosCluster cluster;
    private final int minKills;
    private final int maxKills;
    private final long untilNanos;
    private final long lastChanceNanos;
    private final List<Kill> kills = Collections.synchronizedList(new ArrayList<>());
    private final ConcurrentLinkedQueue<Long> settleMillis = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    private final List<Outage> outages = Collections.synchronizedList(new ArrayList<>());
    /** Time spent in outages so far: the kill windows move on by it. */
    private volatile long outageNanos;

    /**
     * @param untilNanos      no kill starts after this moment once {@code minKills} happened
     * @param lastChanceNanos the moment after which no kill starts at all (slow restarts on a loaded machine can
     *                        delay the minimum past {@code untilNanos})
     */
    ChaosKiller(long seed, ChaosCluster cluster, int minKills, int maxKills, long untilNanos, long lastChanceNanos) {
        this.seed = seed;
        this.cluster = cluster;
        this.minKills = minKills;
        this.maxKills = maxKills;
        this.untilNanos = untilNanos;
        this.lastChanceNanos = lastChanceNanos;
    }

    List<Kill> kills() {
        return List.copyOf(kills);
    }

    List<Outage> outages() {
        return List.copyOf(outages);
    }

    List<Long> settleMillis() {
        return List.copyOf(settleMillis);
    }

    /** Restarts that failed, settlements that did not happen in time, unexpected errors. */
    List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    public void run() {
        Random random = new Random(seed);
        List<ChaosNode.Kind> firsts = new ArrayList<>(List.of(ChaosNode.Kind.values()));
        Collections.shuffle(firsts, random);
        // drawn from their own generator, so that a seed makes the same process kills with or without outages
        Random outageRandom = new Random(seed ^ 0x5DEECE66DL);
        List<InfraOutage> outagesToCome = new ArrayList<>();
        if (cluster.infra().isPresent()) {
            outagesToCome.addAll(List.of(InfraOutage.values()));
            Collections.shuffle(outagesToCome, outageRandom);
        }
        ExecutorService helpers = Executors.newCachedThreadPool();
        try {
            for (int k = 0; k < maxKills && mayKill(k); k++) {
                if (k % 2 == 0 && k > 0 && !outagesToCome.isEmpty()) {
                    outage(outagesToCome.remove(0), 30 + outageRandom.nextInt(31));
                }
                Thread.sleep(3000 + random.nextInt(3000));
                ChaosNode.Kind kind = k < firsts.size()
                        ? firsts.get(k)
                        : ChaosNode.Kind.values()[random.nextInt(ChaosNode.Kind.values().length)];
                List<ChaosNode> siblings = cluster.of(kind);
                int pick = random.nextInt(siblings.size());
                long pauseMillis = 1000 + random.nextInt(2000);
                if (!awaitAllUp(siblings)) {
                    break;
                }
                ChaosNode victim = kind == ChaosNode.Kind.WORKER ? busiestFirst(siblings, pick) : siblings.get(pick);
                long at = System.nanoTime();
                String instanceId = victim.kill();
                List<ChaosDb.Held> held =
                        kind == ChaosNode.Kind.WORKER ? cluster.db().heldBy(instanceId) : List.of();
                kills.add(new Kill(kind, victim.name(), at, instanceId, held));
                System.out.printf("chaos: kill %d: %s (%s) held=%d%n", k + 1, victim.name(), instanceId, held.size());
                if (!held.isEmpty()) {
                    helpers.submit(() -> measureSettlement(at, held));
                }
                helpers.submit(() -> restart(victim, pauseMillis));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            problems.add("killer failed: " + e);
        } finally {
            if (!outagesToCome.isEmpty()) {
                problems.add("outages left out: " + outagesToCome);
            }
            helpers.shutdown();
            try {
                long bound = cluster.infra().isPresent() ? 420 : 240;
                if (!helpers.awaitTermination(bound, TimeUnit.SECONDS)) {
                    problems.add("restarts or settlements still running after " + bound + " s");
                    helpers.shutdownNow();
                }
            } catch (InterruptedException e) {
                helpers.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The worker drawn, unless it holds no running execution and its sibling does: a kill of an idle worker proves
     * little about recovery.
     */
    private ChaosNode busiestFirst(List<ChaosNode> workers, int pick) throws SQLException {
        ChaosNode drawn = workers.get(pick);
        if (!cluster.db().heldBy(drawn.instanceId()).isEmpty()) {
            return drawn;
        }
        for (ChaosNode other : workers) {
            if (other != drawn && !cluster.db().heldBy(other.instanceId()).isEmpty()) {
                return other;
            }
        }
        return drawn;
    }

    /**
     * Takes a dependency away for {@code seconds} once every node is up, brings it back and waits until every node is
     * ready again; the kill windows move on by the time it took.
     */
    private void outage(InfraOutage kind, int seconds) throws IOException, InterruptedException {
        PrivateInfra infra = cluster.infra().orElseThrow();
        if (!awaitAllUp(cluster.nodes())) {
            problems.add("outage " + kind.label + " left out: not every node came up");
            return;
        }
        long began = System.nanoTime();
        switch (kind) {
            case POSTGRES_FAST -> infra.stopPostgres(PrivateInfra.PgShutdown.FAST);
            case POSTGRES_IMMEDIATE -> infra.stopPostgres(PrivateInfra.PgShutdown.IMMEDIATE);
            case KAFKA -> infra.stopKafka();
        }
        System.out.printf("chaos: outage %s for %d s%n", kind.label, seconds);
        // the outage's length is the test's input, not a condition to wait for
        long left = TimeUnit.SECONDS.toNanos(seconds) - (System.nanoTime() - began);
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
        switch (kind) {
            case POSTGRES_FAST, POSTGRES_IMMEDIATE -> infra.startPostgres();
            case KAFKA -> infra.startKafka();
        }
        long back = System.nanoTime();
        for (ChaosNode node : cluster.nodes()) {
            node.awaitReady(READY_AFTER_OUTAGE);
        }
        long ready = System.nanoTime();
        outages.add(new Outage(kind, (back - began) / 1_000_000, (ready - back) / 1_000_000));
        outageNanos += ready - began;
    }

    private boolean mayKill(int done) {
        long now = System.nanoTime() - outageNanos;
        return now < untilNanos || (done < minKills && now < lastChanceNanos);
    }

    /** Waits (bounded by the killer's last chance) until every instance of a kind is up again. */
    private boolean awaitAllUp(List<ChaosNode> siblings) {
        long remaining = lastChanceNanos + outageNanos - System.nanoTime();
        if (remaining <= 0) {
            return siblings.stream().allMatch(ChaosNode::isUp);
        }
        try {
            await().atMost(Duration.ofNanos(remaining))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> siblings.stream().allMatch(ChaosNode::isUp));
            return true;
        } catch (ConditionTimeoutException e) {
            return false;
        }
    }

    private void restart(ChaosNode victim, long pauseMillis) {
        try {
            Thread.sleep(pauseMillis);
            victim.start();
        } catch (Exception e) {
            problems.add("restart of " + victim.name() + " failed: " + e);
        }
    }

    private void measureSettlement(long killedAt, List<ChaosDb.Held> held) {
        Map<UUID, Long> settled = new ConcurrentHashMap<>();
        long bound = cluster.infra().isPresent() ? SETTLE_BOUND_WITH_OUTAGES_NANOS : SETTLE_BOUND_NANOS;
        long remaining = bound - (System.nanoTime() - killedAt);
        try {
            var settling =
                    await().atMost(Duration.ofNanos(Math.max(remaining, 1))).pollInterval(Duration.ofMillis(100));
            if (cluster.infra().isPresent()) {
                // the database may be away for an outage meanwhile: look again once it is back
                settling = settling.ignoreExceptionsInstanceOf(SQLException.class);
            }
            settling.until(() -> {
                for (UUID id : cluster.db().settled(held)) {
                    settled.putIfAbsent(id, (System.nanoTime() - killedAt) / 1_000_000);
                }
                return settled.size() == held.size();
            });
        } catch (ConditionTimeoutException e) {
            // reported below with the count of executions that did not settle
        } catch (Exception e) {
            problems.add("settlement measurement failed: " + e);
        }
        settleMillis.addAll(settled.values());
        if (settled.size() < held.size()) {
            problems.add((held.size() - settled.size()) + " executions of a killed worker not settled within "
                    + TimeUnit.NANOSECONDS.toSeconds(bound) + " s");
        }
    }
}
