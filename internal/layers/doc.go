// Package layers holds no code: its test checks that the imports between
// the module's packages point one way (docs/architecture.md). Nothing
// imports cmd/ or serve; the engines and analyses import no puzzle.
package layers
