package dev.taskgate.worker.child.ops.workspace.graph;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import dev.taskgate.worker.child.FrontierResume;
import dev.taskgate.worker.child.OperationStoppedException;

import static dev.taskgate.worker.child.ops.workspace.graph.InMemoryWorkspace.INCLUDE;
import static dev.taskgate.worker.child.ops.workspace.graph.InMemoryWorkspace.LINK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GraphTraversalTest {

    private static InMemoryWorkspace chain() {
        return new InMemoryWorkspace()
                .with("src/main.c", "#include \"a.h\"\n#include \"b.h\"\n#include \"missing.h\"\n")
                .with("src/a.h", "#include \"c.h\"\n")
                .with("src/b.h", "#include \"a.h\"\n")
                .with("src/c.h", "#include \"d.h\"\n")
                .with("src/d.h", "// leaf\n")
                .with("src/unrelated.c", "#include \"d.h\"\n");
    }

    private static GraphQuery query(int depth, String... start) {
        return new GraphQuery("ws", new TreeSet<>(List.of(start)), depth, List.of(INCLUDE, LINK));
    }

    @Test
    void followsReferencesToTheRequestedDepthAndReportsDanglingEdges() throws Exception {
        InMemoryWorkspace ws = chain();

        ReferenceGraph graph = ws.traversal(query(2, "src/main.c"), TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph();

        assertThat(graph.nodes())
                .containsExactly(
                        new GraphNode("src/main.c", 0),
                        new GraphNode("src/a.h", 1),
                        new GraphNode("src/b.h", 1),
                        new GraphNode("src/c.h", 2));
        assertThat(graph.edges())
                .containsExactly(
                        new GraphEdge("src/a.h", "src/c.h", "c.h"),
                        new GraphEdge("src/b.h", "src/a.h", "a.h"),
                        new GraphEdge("src/main.c", "src/a.h", "a.h"),
                        new GraphEdge("src/main.c", "src/b.h", "b.h"),
                        new GraphEdge("src/main.c", null, "missing.h"));
        assertThat(graph.depthReached()).isEqualTo(2);
        assertThat(graph.filesRead()).isEqualTo(3);
        assertThat(graph.unexpanded()).isEqualTo(1);
        assertThat(graph.incompleteReason()).isEqualTo("depth");
        assertThat(ws.reads).containsExactly("src/main.c", "src/a.h", "src/b.h");
        assertThat(graph.filesTotal()).isEqualTo(6);
    }

    @Test
    void theRevisionCoversExactlyTheFilesRead() throws Exception {
        InMemoryWorkspace ws = chain();
        GraphQuery query = query(1, "src/main.c");
        String before = ws.traversal(query, TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph()
                .revision();

        ws.with("src/d.h", "// edited, but never read at depth 1\n");
        String unrelatedEdit = ws.traversal(query, TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph()
                .revision();
        ws.with("src/main.c", "#include \"a.h\"\n");
        String readEdit = ws.traversal(query, TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph()
                .revision();

        assertThat(unrelatedEdit).isEqualTo(before);
        assertThat(readEdit).isNotEqualTo(before);
    }

    @Test
    void depthZeroReturnsTheStartFilesWithoutReadingThem() throws Exception {
        InMemoryWorkspace ws = chain();

        ReferenceGraph graph = ws.traversal(query(0, "src/main.c"), TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph();

        assertThat(graph.nodes()).containsExactly(new GraphNode("src/main.c", 0));
        assertThat(graph.edges()).isEmpty();
        assertThat(ws.reads).isEmpty();
    }

    @Test
    void noStartMeansEveryFileAndACompleteGraphHasNoReason() throws Exception {
        InMemoryWorkspace ws = chain();

        ReferenceGraph graph = ws.traversal(query(1), TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph();

        assertThat(graph.nodes())
                .hasSize(6)
                .allSatisfy(n -> assertThat(n.depth()).isZero());
        assertThat(graph.filesRead()).isEqualTo(6);
        assertThat(graph.isComplete()).isTrue();
        assertThat(graph.incompleteReason()).isNull();
    }

    @Test
    void aReferenceCycleIsVisitedOnce() throws Exception {
        InMemoryWorkspace ws =
                new InMemoryWorkspace().with("d/a.md", "[b](b.md)").with("d/b.md", "[a](a.md)");

        ReferenceGraph graph = ws.traversal(query(32, "d/a.md"), TraversalLimits.DEFAULT)
                .traverse(Optional.empty(), new RecordingListener())
                .graph();

        assertThat(graph.nodes()).extracting(GraphNode::path).containsExactly("d/a.md", "d/b.md");
        assertThat(graph.edges()).hasSize(2);
        assertThat(graph.isComplete()).isTrue();
    }

    @Test
    void stopsAtTheFileLimitAndSaysSo() throws Exception {
        InMemoryWorkspace ws = chain();

        ReferenceGraph graph = ws.traversal(query(5, "src/main.c"), new TraversalLimits(2, 1 << 20, 100, 10, 10_000))
                .traverse(Optional.empty(), new RecordingListener())
                .graph();

        assertThat(graph.filesRead()).isEqualTo(2);
        assertThat(graph.limitReason()).isEqualTo("max_files_read");
        assertThat(graph.isComplete()).isFalse();
    }

    @Test
    void keepsReadingWhenTheNodeBoundIsReachedAndSaysFilesWereLeftOut() throws Exception {
        InMemoryWorkspace ws = chain();

        ReferenceGraph graph = ws.traversal(query(2, "src/main.c"), new TraversalLimits(100, 1 << 20, 2, 10, 10_000))
                .traverse(Optional.empty(), new RecordingListener())
                .graph();

        assertThat(graph.nodes()).extracting(GraphNode::path).containsExactly("src/main.c", "src/a.h");
        assertThat(graph.filesRead()).isEqualTo(2);
        // the reference to b.h exists even though b.h is not listed
        assertThat(graph.edges()).contains(new GraphEdge("src/main.c", "src/b.h", "b.h"));
        assertThat(graph.limitReason()).isEqualTo("max_nodes_discovered");
    }

    @Test
    void rejectsAStartPathOutsideTheWorkspaceAndABadPattern() {
        InMemoryWorkspace ws = chain();

        assertThatThrownBy(() -> ws.traversal(query(1, "src/nope.c"), TraversalLimits.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("src/nope.c");
        assertThatThrownBy(() -> ws.traversal(
                        new GraphQuery("ws", new TreeSet<>(), 1, List.of("(unclosed")), TraversalLimits.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stopsAtASafePointWhenAsked() {
        InMemoryWorkspace ws = chain();
        TraversalLimits everyFile = new TraversalLimits(100, 1 << 20, 100, 1, 10_000);

        assertThatThrownBy(() -> ws.traversal(query(1), everyFile).traverse(Optional.empty(), new RecordingListener(2)))
                .isInstanceOf(OperationStoppedException.class);
    }

    @Test
    void resumingFromAFrontierGivesTheUndisturbedGraphWithoutRereadingTheRest() throws Exception {
        InMemoryWorkspace ws = chain();
        GraphQuery query = query(1);
        TraversalLimits everyTwo = new TraversalLimits(100, 1 << 20, 100, 2, 100_000);
        ReferenceGraph undisturbed = ws.traversal(query, everyTwo)
                .traverse(Optional.empty(), new RecordingListener())
                .graph();
        RecordingListener interrupted = new RecordingListener(1);
        assertThatThrownBy(() -> ws.traversal(query, everyTwo).traverse(Optional.empty(), interrupted))
                .isInstanceOf(OperationStoppedException.class);
        RecordingListener.Saved saved = interrupted.checkpoints.get(0);
        ws.reads.clear();

        GraphTraversal.Outcome resumed = ws.traversal(query, everyTwo)
                .traverse(
                        Optional.of(new FrontierResume(1, saved.revision(), saved.frontier())),
                        new RecordingListener());

        assertThat(resumed.resumed()).isTrue();
        assertThat(resumed.graph()).isEqualTo(undisturbed);
        // the two files before the frontier are re-read once to prove they are unchanged, the other four once
        assertThat(ws.reads).hasSize(6);
    }

    @Test
    void startsAfreshWhenAFileReadBeforeTheFrontierChanged() throws Exception {
        InMemoryWorkspace ws = chain();
        GraphQuery query = query(1);
        TraversalLimits everyTwo = new TraversalLimits(100, 1 << 20, 100, 2, 100_000);
        RecordingListener interrupted = new RecordingListener(1);
        assertThatThrownBy(() -> ws.traversal(query, everyTwo).traverse(Optional.empty(), interrupted))
                .isInstanceOf(OperationStoppedException.class);
        RecordingListener.Saved saved = interrupted.checkpoints.get(0);
        ws.with("src/a.h", "#include \"b.h\"\n"); // read before the frontier: its old edge must not survive

        GraphTraversal.Outcome outcome = ws.traversal(query, everyTwo)
                .traverse(
                        Optional.of(new FrontierResume(1, saved.revision(), saved.frontier())),
                        new RecordingListener());

        assertThat(outcome.resumed()).isFalse();
        assertThat(outcome.graph().edges())
                .contains(new GraphEdge("src/a.h", "src/b.h", "b.h"))
                .doesNotContain(new GraphEdge("src/a.h", "src/c.h", "c.h"));
        assertThat(outcome.graph())
                .isEqualTo(ws.traversal(query, everyTwo)
                        .traverse(Optional.empty(), new RecordingListener())
                        .graph());
    }

    @Test
    void startsAfreshOnAnotherGraphOrAnUnreadableFrontier() throws Exception {
        InMemoryWorkspace ws = chain();
        TraversalLimits everyTwo = new TraversalLimits(100, 1 << 20, 100, 2, 100_000);
        RecordingListener first = new RecordingListener();
        ws.traversal(query(1), everyTwo).traverse(Optional.empty(), first);
        RecordingListener.Saved saved = first.checkpoints.get(0);

        for (FrontierResume stale : List.of(
                new FrontierResume(1, saved.revision(), saved.frontier()),
                new FrontierResume(1, saved.revision(), "not json"),
                new FrontierResume(1, saved.revision(), "{\"v\":1,\"graph_id\":\"x\",\"cursor\":99}"))) {
            // query(2) has another identity than query(1): its frontier is never reused
            assertThat(ws.traversal(query(2), everyTwo)
                            .traverse(Optional.of(stale), new RecordingListener())
                            .resumed())
                    .isFalse();
        }
    }

    @Test
    void savesFrontiersBoundToTheRevisionOfTheFilesReadSoFar() throws Exception {
        InMemoryWorkspace ws = chain();
        TraversalLimits everyTwo = new TraversalLimits(100, 1 << 20, 100, 2, 100_000);
        RecordingListener listener = new RecordingListener();

        ws.traversal(query(1), everyTwo).traverse(Optional.empty(), listener);

        assertThat(listener.checkpoints).hasSize(2);
        TraversalFrontier frontier =
                TraversalFrontier.parse(listener.checkpoints.get(0).frontier()).orElseThrow();
        assertThat(frontier.cursor()).isEqualTo(2);
        assertThat(frontier.graphId()).isEqualTo(query(1).graphId());
        var read = new java.util.TreeMap<String, byte[]>();
        frontier.readPaths()
                .forEach(p -> read.put(p, ws.files.get(p).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(listener.checkpoints.get(0).revision()).isEqualTo(InMemoryWorkspace.revision(read));
    }

    @Test
    void aFrontierTooLargeToSaveIsSkipped() throws Exception {
        InMemoryWorkspace ws = chain();
        RecordingListener listener = new RecordingListener();

        ws.traversal(query(1), new TraversalLimits(100, 1 << 20, 100, 1, 10)).traverse(Optional.empty(), listener);

        assertThat(listener.checkpoints).isEmpty();
    }
}
