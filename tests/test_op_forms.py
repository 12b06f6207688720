"""The op table drives the text: every form compiles, and an op added at run time with
ordinary syntax reads and prints with no parser or printer code of its own."""
import pytest

from eqsat.errors import ParseError
from eqsat.ir.ops import FORMS, HAND_PARSED, SPECS, define_op, undefine_op
from eqsat.ir.syntax import FormError, compile_form, items_of, usage
from eqsat.text import parse, print_kernel

# families with no form: their syntax is irregular (see the parser's docstring)
HAND_WRITTEN = {"constant", "tensor_view", "for", "loop", "if", "reduce", "scan"}


def test_every_table_form_compiles():
    for name, sp in SPECS.items():
        if sp.form is None:
            assert sp.syntax in HAND_WRITTEN, name
        else:
            assert items_of(sp), name
    assert HAND_PARSED <= set(FORMS)
    assert not HAND_WRITTEN & set(FORMS)


@pytest.fixture
def op_defined():
    made = []

    def define(*args, **kw):
        sp = define_op(*args, **kw)
        made.append(sp.name)
        return sp
    yield define
    for name in made:
        undefine_op(name)


AVG = ("entry @k(%a: tile<4xi32>, %b: tile<4xi32>) {\n"
       "  %m = test_avg %a, %b signed : tile<4xi32>\n"
       "  %n = test_avg %m, %a : tile<4xi32>\n"
       "  return\n}\n")


def test_runtime_binary_op_round_trips(op_defined):
    sp = op_defined("test_avg", "binary", (("lhs", "1"), ("rhs", "1")))
    assert SPECS["test_avg"] is sp and sp.form == FORMS["binary"]
    k = parse(AVG)
    op = k.body.ops[0]
    assert op.name == "test_avg" and op.attrs == {"signedness": "signed"}
    assert op.operands == [p.value for p in k.params]
    assert print_kernel(k) == AVG
    assert print_kernel(parse(print_kernel(k))) == AVG


def test_runtime_op_errors_name_line_and_column(op_defined):
    op_defined("test_avg", "binary", (("lhs", "1"), ("rhs", "1")))
    bad = AVG.replace("%m, %a : tile<4xi32>", "%m, %a : tile<4xf32>")
    with pytest.raises(ParseError, match=r"3:\d+: error: operand '%m' has type tile<4xi32>"):
        parse(bad)
    missing = AVG.replace("test_avg %m, %a", "test_avg %m")
    with pytest.raises(ParseError, match=r"3:\d+: error: expected ',', found ':' "
                       r"\(test_avg is written 'test_avg %lhs, %rhs \[modifiers\] : type'\)"):
        parse(missing)


def test_runtime_op_with_its_own_form(op_defined):
    """Attributes, an optional operand and a variadic group, all from the form."""
    op_defined("test_clamp", "test_clamp", (("x", "1"), ("bounds", "*"), ("mask", "?")),
               form=" $x lo = @lo:int mode = @mode:wrap|saturate [$bounds*]{, $mask}"
                    " : type(result $x){, type($mask)}")
    src = ("entry @k(%a: tile<4xi32>, %m: tile<4xi1>, %i: tile<i32>) {\n"
           "  %c = test_clamp %a lo = -3 mode = wrap [%i, %i], %m : tile<4xi32>, tile<4xi1>\n"
           "  %d = test_clamp %c lo = 0 mode = saturate [] : tile<4xi32>\n"
           "  return\n}\n")
    k = parse(src)
    c, d = k.body.ops[:2]
    assert c.attrs == {"lo": -3, "mode": "wrap"} and c.segments == (1, 2, 1)
    assert d.segments == (1, 0, 0) and d.group("mask") == []
    assert print_kernel(k) == src
    with pytest.raises(ParseError, match="expected 'wrap' or 'saturate', found 'clip'"):
        parse(src.replace("saturate", "clip"))


def test_define_op_rejects_what_it_cannot_write(op_defined):
    ab = (("lhs", "1"), ("rhs", "1"))
    with pytest.raises(ValueError, match="already defined"):
        define_op("addi", "binary", ab)
    with pytest.raises(ValueError, match="no form"):
        define_op("test_x", "for", ab)
    with pytest.raises(ValueError, match="not an identifier"):
        define_op("test x", "binary", ab)
    with pytest.raises(ValueError, match="arity"):
        define_op("test_x", "binary", (("lhs", "2"), ("rhs", "1")))
    with pytest.raises(ValueError, match="operand group 'rhs' is not written"):
        define_op("test_x", "binary", (("lhs", "1"), ("rhs", "1")), form=" $lhs : type(result)")
    with pytest.raises(ValueError, match="unknown operand group 'y'"):
        define_op("test_x", "unary", (("x", "1"),), form=" $y : type(result)")
    with pytest.raises(ValueError, match="results' type is not written"):
        define_op("test_x", "unary", (("x", "1"),), form=" $x : type($x)")
    with pytest.raises(ValueError, match="unknown trait"):
        define_op("test_x", "unary", (("x", "1"),), traits=("shiny",))
    assert "test_x" not in SPECS
    with pytest.raises(ValueError, match="not added by define_op"):
        undefine_op("addi")


@pytest.mark.parametrize("form,message", [
    (" $x*", "needs none"),
    (" {, $x} : type(result)", "cannot be inside"),
    (" $x {{, $x}} : type(result)", "do not nest"),
    (" $x } : type(result)", "without"),
    (" $x @a:float : type(result)", "unknown attribute kind"),
    (" $x %frob : type(result)", "unknown directive"),
    (" $x : type(result|vector)", "unknown type kind"),
])
def test_bad_forms_are_refused(form, message):
    with pytest.raises(FormError, match=message):
        compile_form(form, (("x", "1"),), 1, "test_bad")


def test_usage_says_how_an_op_is_written():
    assert "store_ptr_tko" + usage(items_of(SPECS["store_ptr_tko"])) == (
        "store_ptr_tko <ordering> [scope] %ptr, %value[, %mask] [token=%token] "
        "[optimization_hints = <hints>] : type, type[, type] -> types")


PRINT = ('entry @k(%a: tile<4xf32>) {{\n'
         '  %t = print_tko "x %f\\n", %a{tail} : tile<4xf32> -> token\n'
         '  return\n}}\n')


def test_forms_take_only_what_the_op_defines():
    """cuda-tile's print_tko has no optimization hints (unlike the pointer loads and
    stores whose tail it shares otherwise): the text refuses them, naming the place,
    and what the printer writes reads back the same."""
    k = parse(PRINT.format(tail=""))
    assert "optimization_hints" not in print_kernel(k)
    assert print_kernel(parse(print_kernel(k))) == print_kernel(k)
    with pytest.raises(ParseError) as e:
        parse(PRINT.format(tail=" optimization_hints = <sm_90 = {latency = 3}>"))
    assert (e.value.line, e.value.col) == (2, 31)   # where the hints begin
