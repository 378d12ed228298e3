// Package serve is branchwise's local web workbench: a board editor for the
// square, triangle and hexagon grids, packing jobs (first solution, all,
// counts of all and unique solutions) with live progress, a gallery of
// solution pictures, a logic-grid page, a Superpuzz table and the animated
// disassembly of a BurrTools puzzle's assembly, all over a small JSON API
// under /api/ that the embedded pages use and scripts can call
// (docs/serve.md documents it).
//
// # Jobs
//
// A job is one packing search run on the server, not in the page: it keeps
// running when the page is closed or reloaded, and the page reattaches to
// it by its id. Its state is read as a snapshot (GET /api/jobs/ID) or
// followed as Server-Sent Events (GET /api/jobs/ID/events), one event at
// most every ProgressInterval while something changed, and a last one when
// it ends. A job is stopped by POST /api/jobs/ID/cancel; its goroutines end
// with it, since every search runs under the job's context.
//
// # Limits and safety
//
// The server listens on the loopback interface unless told otherwise, and
// is meant for one user on one machine. Every limit is a named constant:
// request bodies (MaxBodyBytes), boards (MaxBoardCells), jobs running at
// once (MaxRunningJobs), jobs remembered (MaxJobs) and solutions kept per
// job for the gallery (MaxKeptSolutions); a BurrTools file's size
// (MaxBurrFileBytes), the search for its disassembly (DisassemblyTime,
// MaxDisassemblyPositions), its frames (MaxDisassemblyFrames) and the
// disassemblies served at once (MaxDisassemblies). Requests that change
// state (every POST) must come from the server's own pages: they carry the
// header X-Branchwise, which a cross-site form cannot send, and an Origin,
// when present, must be the server's own; the Host header must name the
// server, which blocks DNS rebinding. The server reads and writes no file:
// boards are loaded and saved by the browser.
package serve
