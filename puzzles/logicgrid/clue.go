package logicgrid

// The formula of a clue. Operands are values (Ref) standing for the
// entity that has them; the atoms are
//
//	same   A = B (or A != B with neg): the two values belong to one entity
//	member A in Set (a set of values of category cat), or not in
//	cmp    an arithmetic comparison of attribute values and integers
//
// combined by and, or, xor and not.
type nodeKind uint8

const (
	kAnd nodeKind = iota
	kOr
	kXor
	kNot
	kSame
	kMember
	kCmp
)

type node struct {
	kind nodeKind
	kids []*node // and, or, xor, not
	a, b Ref     // same: a = b; member: a in set
	neg  bool    // same: !=; member: not in
	cat  int     // member: the category of set
	set  uint64  // member: a mask of values of cat
	op   cmpOp   // cmp
	l, r *expr   // cmp
}

type cmpOp uint8

const (
	opEq cmpOp = iota
	opNe
	opLt
	opLe
	opGt
	opGe
)

func (o cmpOp) holds(x, y int) bool {
	switch o {
	case opEq:
		return x == y
	case opNe:
		return x != y
	case opLt:
		return x < y
	case opLe:
		return x <= y
	case opGt:
		return x > y
	}
	return x >= y
}

// expr is an integer expression: a literal, an attribute value (the
// number of category cat of the entity ref), or + - % |x| and unary minus.
type exprKind uint8

const (
	eLit exprKind = iota
	eAttr
	eAdd
	eSub
	eMod
	eAbs
	eNeg
)

type expr struct {
	kind exprKind
	val  int // eLit
	ref  Ref // eAttr: the entity
	cat  int // eAttr: the category read
	col  int // eAttr: the column of the category's name, for messages
	x, y *expr
}

func mod(a, m int) int {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}
