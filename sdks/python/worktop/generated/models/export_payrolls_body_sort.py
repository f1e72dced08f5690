from enum import StrEnum


class ExportPayrollsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    PAY_DATE = "pay_date"
    PAY_PERIOD_START = "pay_period_start"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-pay_date"
    VALUE_9 = "-pay_period_start"

    def __str__(self) -> str:
        return str(self.value)
